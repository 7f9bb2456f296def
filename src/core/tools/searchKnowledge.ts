/** The only module that imports minisearch: a real full-text index over the knowledge documents. */
import MiniSearch from 'minisearch'
import type { KnowledgeDocument, ToolRun } from './types'

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
    index = new MiniSearch<KnowledgeDocument>({
      fields: ['title', 'text'],
      storeFields: ['title', 'text'],
      tokenize,
      searchOptions: { boost: { title: 2 }, prefix: true, combineWith: 'OR' },
    })
    index.addAll(documents)
    indexes.set(documents, index)
  }
  return index
}

/** Runs `search_knowledge` (described in builtinTools.ts). */
export const runSearchKnowledge: ToolRun = (args, { knowledge }) => {
  const query = String(args.query)
  const topK = typeof args.top_k === 'number' ? args.top_k : 3
  const hits = indexFor(knowledge).search(query).slice(0, topK)
  return {
    query,
    results: hits.map((hit) => ({
      id: hit.id,
      title: hit.title as string,
      score: Math.round(hit.score * 100) / 100,
      snippet: String(hit.text).slice(0, 400),
    })),
    ...(hits.length === 0 ? { user_message: `The knowledge base has nothing about "${query}".` } : {}),
  }
}
