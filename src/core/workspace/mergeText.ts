/**
 * A three-way merge of one file's text, line by line (node-diff3, the diff3 of GNU diffutils):
 * two tabs, or a tab and the disk, that changed different places of the same file both keep their
 * change; changes that touch the same lines are a conflict for the person to decide. The only
 * module that imports node-diff3.
 */
import { diff3Merge } from 'node-diff3'

/** Past this size a file is not merged line by line (the diff grows with the product of the lengths): both changes are a conflict. */
export const MAX_MERGED_TEXT = 200_000

export type TextMerge = { ok: true; text: string } | { ok: false }

/** Lines with their endings kept, so a merge writes back the file's own line endings. */
function lines(text: string): string[] {
  return text.match(/[^\n]*\n|[^\n]+$/g) ?? []
}

export function mergeText(base: string, mine: string, theirs: string): TextMerge {
  if (mine === base || mine === theirs) return { ok: true, text: theirs }
  if (theirs === base) return { ok: true, text: mine }
  if (Math.max(base.length, mine.length, theirs.length) > MAX_MERGED_TEXT) return { ok: false }
  const regions = diff3Merge(lines(mine), lines(base), lines(theirs), { excludeFalseConflicts: true })
  let text = ''
  for (const region of regions) {
    if (region.conflict) return { ok: false }
    text += (region.ok ?? []).join('')
  }
  return { ok: true, text }
}
