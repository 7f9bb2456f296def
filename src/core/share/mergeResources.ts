import type { KnowledgeDocument, MockRule } from '../tools/types'

/** What the in-page tools work on, as a workspace (or a link, or an archive) carries it. */
export interface ToolResources {
  toolMocks: Record<string, MockRule[]>
  knowledge: KnowledgeDocument[]
  virtualFiles: Record<string, string>
}

/**
 * Adds shared or imported resources without overwriting the user's: incoming mocks win per tool
 * (they are what the sender's skills were tried with), documents add by id, files add when absent.
 */
export function mergeResources(own: ToolResources, incoming: Partial<ToolResources> | undefined): ToolResources {
  return {
    toolMocks: incoming?.toolMocks ? { ...own.toolMocks, ...incoming.toolMocks } : own.toolMocks,
    knowledge: incoming?.knowledge
      ? [...own.knowledge, ...incoming.knowledge.filter((doc) => !own.knowledge.some((mine) => mine.id === doc.id))]
      : own.knowledge,
    virtualFiles: incoming?.virtualFiles ? { ...incoming.virtualFiles, ...own.virtualFiles } : own.virtualFiles,
  }
}
