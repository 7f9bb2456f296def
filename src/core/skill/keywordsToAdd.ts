import { splitKeywordList } from './splitKeywordList'

/**
 * What typing `text` into a skill's keyword chips adds, and which of the typed keywords the skill
 * already has (compared case-insensitively): those are not added again, and the person is told so
 * rather than seeing them vanish (issue 35, defect 12).
 */
export function keywordsToAdd(existing: readonly string[], text: string): { added: string[]; already: string[] } {
  const have = new Set(existing.map((keyword) => keyword.toLowerCase()))
  const added: string[] = []
  const already: string[] = []
  for (const keyword of splitKeywordList(text)) (have.has(keyword.toLowerCase()) ? already : added).push(keyword)
  return { added, already }
}
