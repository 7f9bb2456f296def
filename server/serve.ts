/**
 * `npm run serve`: the built app, the model proxy and the live tools, for one person (loopback,
 * the default) or a team (HOST=0.0.0.0 with PLAYGROUND_TOKEN, or PLAYGROUND_OPEN=1 behind an
 * authenticating proxy).
 *   npm run build && OPENAI_API_KEY=... npm run serve
 */
import { existsSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { accessSettingsFrom, allowedHostsFrom } from './accessControl'
import { McpHub, mcpHubOptionsFrom, readMcpConfig } from './mcp/mcpHub'
import { proxySettingsFrom } from './openaiProxy'
import { createPlaygroundServer } from './playgroundServer'
import { openDiskWorkspace, type DiskEvent } from './folder/diskWorkspace'
import { createFolderApi } from './folder/folderApi'
import { liveToolSettingsFrom } from './toolsApi'
import { createShortLinkApi, shortLinkSettingsFrom } from './shortLinkApi'
import { startRefusal } from './exposedServices'
import { describeOrigins, isSkillPath, skillOrigins } from '../src/core/skill'

const root = resolve(import.meta.dirname, '../dist')
const port = Number(process.env.PORT) || 4173
const host = process.env.HOST || '127.0.0.1'

if (!existsSync(join(root, 'index.html'))) {
  console.error('No build found in dist/: run `npm run build` first.')
  process.exit(1)
}

const settings = proxySettingsFrom(process.env)
const access = accessSettingsFrom(process.env)
const mcpConfig = readMcpConfig(process.env)
const mcpCount = Object.keys(mcpConfig.servers).length
const folderPath = process.env.SKILL_PLAYGROUND_FOLDER?.trim()

// Short links (docs/share-links.md): a team's server keeps them in SHARE_DIR, unless SHARE_DIR=off.
// A folder edited in place is one person's, on loopback: it keeps none unless SHARE_DIR asks for
// them. Made before the check below: a writable folder is something an open address would give away.
const shortLinkSettings = shortLinkSettingsFrom(process.env, resolve(root, '..'), { editingFolder: Boolean(folderPath) })
if ('problem' in shortLinkSettings) {
  console.error(shortLinkSettings.problem)
  process.exit(1)
}
const shortLinks = 'dir' in shortLinkSettings ? createShortLinkApi(shortLinkSettings.dir, { maxBytes: shortLinkSettings.maxBytes }) : null
const refusal = startRefusal(host, { apiKey: settings.apiKey !== undefined, mcpCount, shortLinks: shortLinks?.available === true }, access)
if (refusal) {
  console.error(refusal)
  process.exit(1)
}
// Said once, at start: other users of this machine could list the ids.
if (shortLinks?.warning) console.error(shortLinks.warning)

const hub = new McpHub(mcpConfig, mcpHubOptionsFrom(process.env))
hub.start()

// `skill-playground open <dir>`: the page edits that folder in place. Files on disk are one
// person's: the folder is served on loopback only.
if (folderPath && !['127.0.0.1', 'localhost', '::1'].includes(host)) {
  console.error(`A folder is edited from this machine only: HOST must be loopback, not ${host}.`)
  process.exit(1)
}
if (folderPath && !existsSync(folderPath)) {
  console.error(`No such folder: ${folderPath}`)
  process.exit(1)
}
let tellPages: (event: DiskEvent) => void = () => {}
const disk = folderPath ? openDiskWorkspace(folderPath, (event) => tellPages(event)) : null
const folderApi = disk ? createFolderApi(disk, access) : undefined
if (folderApi) tellPages = folderApi.broadcast

const server = createPlaygroundServer({
  ...(folderApi ? { folder: folderApi } : {}),
  ...(shortLinks ? { shortLinks } : {}),
  root,
  proxy: () => proxySettingsFrom(process.env),
  tools: { settings: () => liveToolSettingsFrom(process.env), hub },
  access,
  publicUrl: process.env.PUBLIC_URL?.trim() || undefined,
  allowedHosts: allowedHostsFrom(process.env),
})

server.listen(port, host, () => {
  const address = `http://${host.includes(':') ? `[${host}]` : host}:${port}/`
  console.log(`Skill Playground at ${address}`)
  console.log(
    settings.apiKey
      ? `OpenAI proxy: forwarding to ${settings.baseUrl} (model ${settings.model})`
      : 'OpenAI proxy: no OPENAI_API_KEY set; the scripted model still works.',
  )
  if (mcpCount > 0) console.log(`MCP: connecting to ${Object.keys(mcpConfig.servers).join(', ')} (from ${mcpConfig.path}).`)
  for (const problem of mcpConfig.problems) console.log(`MCP: ${problem.name}: ${problem.message}`)
  if (access.token) console.log('Access: the team token (PLAYGROUND_TOKEN) is required for the model proxy and the live tools.')
  if (shortLinks) console.log(shortLinks.problem ?? `Short links: kept in ${shortLinks.dir} (SHARE_DIR).`)
  else if ('off' in shortLinkSettings) console.log(`Short links: off (${shortLinkSettings.off}).`)
  if (disk) console.log(`Editing files on disk: ${disk.root} (changes in the page are written back; changes on disk reach the page).`)
  // Opened on a repository: which clients' skill folders (.claude/skills, skills, …) it read.
  if (disk)
    disk.list().then(
      (listing) => {
        const read = describeOrigins(skillOrigins(listing.files.map((file) => file.path).filter(isSkillPath)))
        if (read) console.log(`Skill folders read: ${read}.`)
      },
      () => {},
    )
  // The code is good once and travels in the fragment, which a browser never sends to a server.
  if (folderApi?.unlockCode)
    console.log(
      `Open ${address}#unlock=${folderApi.unlockCode} to edit the folder (this address works once; it gives the page the team token).`,
    )
})

// Finish the requests in flight, stop the MCP servers, then stop (a container's or systemd's stop signal).
const stop = () => {
  void hub.close()
  folderApi?.close()
  void disk?.close()
  server.close(() => process.exit(0))
  setTimeout(() => process.exit(0), 5000).unref()
}
process.on('SIGTERM', stop)
process.on('SIGINT', stop)
