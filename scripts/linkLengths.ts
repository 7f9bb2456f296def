/**
 * Share-link length for each example skill (and the whole example workspace): our codec
 * (deflate-raw + base64url + header) beside lz-string's compressToEncodedURIComponent of the
 * same JSON. Run by `npm run bench`.
 */
import LZString from 'lz-string'
import { join } from 'node:path'
import { readSkillsDir } from '../src/cli/readSkillsDir'
import { encodeShare, type SharePayload } from '../src/core/share'
import { isSkillPath, skillFolderFiles } from '../src/core/skill'

const files = readSkillsDir(join(import.meta.dirname, '../skills'))
const rows = [
  // One skill's link carries its folder (its code too), as the Share dialog sends it.
  ...files
    .filter((file) => isSkillPath(file.path))
    .map((file): [string, SharePayload] => [file.path, { kind: 'skill', skills: skillFolderFiles(files, file.path) }]),
  ['(whole example workspace)', { kind: 'workspace', skills: files }] as [string, SharePayload],
].map(([label, payload]) => {
  const ours = encodeShare(payload).length + 1
  const lz = LZString.compressToEncodedURIComponent(JSON.stringify(payload)).length + 1
  return {
    skill: label,
    bytes: new TextEncoder().encode(JSON.stringify(payload)).length,
    'ours (chars)': ours,
    'lz-string (chars)': lz,
    'ours / lz': (ours / lz).toFixed(2),
  }
})
console.log('Share link fragment length (characters after the page address):')
console.table(rows)
