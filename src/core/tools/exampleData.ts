import type { KnowledgeDocument } from './types'

/** Knowledge documents a new workspace starts with, for search_knowledge. */
export const EXAMPLE_KNOWLEDGE: KnowledgeDocument[] = [
  {
    id: 'rag',
    title: 'RAG 入门',
    text: 'RAG（Retrieval-Augmented Generation，检索增强生成）先从知识库检索相关文档，再把检索结果放进上下文，让模型据此回答，从而减少幻觉并能引用来源。',
  },
  {
    id: 'skills',
    title: 'Agent 设计手册：Skill 与 Tool',
    text: 'Tool 是原子操作（查天气、算数学、读文件）；Skill 是编排好的工作流：激活时替换 system prompt，只暴露 required_tools，并有自己的 max_rounds。关键词路由按覆盖字符数打分，多关键词命中乘以 1.3。',
  },
  {
    id: 'routing',
    title: 'Keyword routing explained',
    text: 'The router scores each skill by the share of the message its trigger keywords cover. Two or more distinct keywords earn a 1.3 bonus. A skill activates only above the threshold, 0.3 by default.',
  },
]

/** Files a new workspace's virtual file system starts with, for file_read and file_list. */
export const EXAMPLE_FILES: Record<string, string> = {
  'notes/todo.md': '# TODO\n\n- 写周报\n- 整理 RAG 文档\n- Review the weather skill description\n',
  'report.txt': 'Q3 report: revenue grew 12% while costs stayed flat. The weather skill saved support 40 hours.\n',
}
