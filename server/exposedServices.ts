/**
 * What a server started on a non-loopback HOST would give to everyone who can reach it
 * (refusalToStart in accessControl.ts decides whether that needs a token): the model key, MCP
 * servers, and a short link folder, which anyone could fill with files.
 */
export function exposedServices({
  apiKey,
  mcpCount,
  shortLinks,
}: {
  apiKey: boolean
  mcpCount: number
  /** Whether short links are kept (a SHARE_DIR that can be written). */
  shortLinks: boolean
}): string[] {
  return [
    ...(apiKey ? ['the OpenAI key'] : []),
    ...(mcpCount > 0 ? [`${mcpCount} MCP server${mcpCount === 1 ? '' : 's'}`] : []),
    ...(shortLinks ? ['a short link folder anyone could write to (SHARE_DIR)'] : []),
  ]
}
