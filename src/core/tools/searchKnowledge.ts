/** The only module that imports minisearch: a real full-text index over the knowledge documents. */
import MiniSearch from 'minisearch'
import type { KnowledgeDocument, ToolDefinition } from './types'

// CJK text has no spaces: index it as single characters and bigrams so "知识库" finds "知识库".
const tokenize = (text: string): string[] => {
  const tokens: string[] = []
  for (const word of text.toLowerCase().split(/[\s\p{P}\p{S}]+/u)) {
    if (word === '') continue
    if (!/\p{Script=Han}/u.test(word)) {
      tokens.push(word)
      continue
    }
    const chars = [...word]
    chars.forEach((char, i) => {
      tokens.push(char)
      if (i + 1 < chars.length) tokens.push(char + chars[i + 1])
    })
  }
  return tokens
}

const indexes = new WeakMap<readonly KnowledgeDocument[], MiniSearch<KnowledgeDocument>>()

function indexFor(documents: readonly KnowledgeDocument[]): MiniSearch<KnowledgeDocument> {
  let index = indexes.get(documents)
  if (!index) {
    index = new MiniSearch<KnowledgeDocument>({ fields: ['title', 'text'], storeFields: ['title', 'text'], tokenize, searchOptions: { boost: { title: 2 }, prefix: true, combineWith: 'OR' } })
    index.addAll(documents as KnowledgeDocument[])
    indexes.set(documents, index)
  }
  return index
}

export const searchKnowledge: ToolDefinition = {
  name: 'search_knowledge',
  kind: 'local',
  description: 'Full-text search over the knowledge documents of the workspace. Returns the best matching passages with their titles.',
  parameters: {
    type: 'object',
    properties: { query: { type: 'string', minLength: 1 }, top_k: { type: 'integer', minimum: 1, maximum: 10, default: 3 } },
    required: ['query'],
    additionalProperties: false,
  },
  run: (args, { knowledge }) => {
    const query = String(args.query)
    const topK = typeof args.top_k === 'number' ? args.top_k : 3
    const hits = indexFor(knowledge).search(query).slice(0, topK)
    return {
      query,
      results: hits.map((hit) => ({ id: hit.id, title: hit.title as string, score: Math.round(hit.score * 100) / 100, snippet: String(hit.text).slice(0, 400) })),
      ...(hits.length === 0 ? { user_message: `The knowledge base has nothing about "${query}".` } : {}),
    }
  },
}
