/** Splits on every separator a person may type between keywords (ASCII and full-width), trimmed, empties dropped, repeats once. */
export function splitKeywordList(text: string): string[] {
  const seen = new Set<string>()
  const parts: string[] = []
  for (const part of text.split(/[,，、；;：\u3000\n]+/)) {
    const keyword = part.trim()
    if (keyword === '' || seen.has(keyword.toLowerCase())) continue
    seen.add(keyword.toLowerCase())
    parts.push(keyword)
  }
  return parts
}
