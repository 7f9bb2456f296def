/**
 * The folders of a repository where clients look for skills (docs/clients.md), in the order they
 * are reported. Every way a repository comes in (`skill-playground open`, Open folder, a folder
 * import, `--skills .`) reads them through here, so a hidden client folder is read wherever the
 * other hidden files and folders are left alone.
 */

/**
 * A file or folder name no workspace takes in, wherever it comes from (a folder on disk, a picked
 * folder, the CLI): hidden ones (.git, .DS_Store) and installed packages (node_modules). The
 * clients' folders below are the exception, by path (`isLeftAlonePath`).
 */
export function isLeftAlone(name: string): boolean {
  return name.startsWith('.') || name === 'node_modules'
}

export const SKILL_FOLDERS = ['.agents/skills', '.claude/skills', '.github/skills', '.codex/skills', 'skills'] as const
export type SkillFolder = (typeof SKILL_FOLDERS)[number]

/**
 * Hidden folders read besides the clients' own: openai/skills keeps its catalog in
 * `skills/.system`, `skills/.curated` and `skills/.experimental` (Codex's skill installer reads them).
 */
const CATALOG_TIERS = ['skills/.system', 'skills/.curated', 'skills/.experimental']
const FOLDER_PARTS = [...SKILL_FOLDERS, ...CATALOG_TIERS].map((folder) => folder.split('/'))

/** The client folder `path` (relative to the opened folder) lies in, or null. */
export function skillOrigin(path: string): SkillFolder | null {
  for (const folder of SKILL_FOLDERS) if (path.startsWith(`${folder}/`)) return folder
  return null
}

/**
 * Whether the file or folder at `path` (relative to the opened folder, `/`-separated) is left
 * alone: one of its parts is hidden or `node_modules`. The client folders are the exception, at
 * the root only: `.claude` and `.claude/skills` are walked, `.claude/settings.json` and
 * `.claude/skills/x/.cache` are not.
 */
export function isLeftAlonePath(path: string): boolean {
  const parts = path.split('/')
  let skip = 0
  for (const folder of FOLDER_PARTS) {
    const shared = Math.min(parts.length, folder.length)
    if (folder.slice(0, shared).every((part, i) => parts[i] === part)) skip = Math.max(skip, shared)
  }
  for (let i = skip; i < parts.length; i++) if (isLeftAlone(parts[i] as string)) return true
  return false
}

/**
 * Whether `paths` are a repository's: one of them lies in a client's skill folder or in `skills/`.
 * Its root's own Markdown (THIRD_PARTY_NOTICES.md, CLA.md) is then the repository's, not a skill.
 */
export function isRepository(paths: Iterable<string>): boolean {
  for (const path of paths) if (skillOrigin(path) !== null) return true
  return false
}

/** A Markdown file at the root of the opened folder: a skill in a skills folder, a document in a repository. */
export function isRootDocument(path: string): boolean {
  return !path.includes('/') && /\.md$/i.test(path)
}

export interface OriginCount {
  /** The client folder, or null for skills found elsewhere (the opened folder itself, another folder). */
  folder: SkillFolder | null
  skills: number
}

/** How many of `paths` (skill paths) came from each client folder, in SKILL_FOLDERS order, then the others. */
export function skillOrigins(paths: Iterable<string>): OriginCount[] {
  const counts = new Map<SkillFolder | null, number>()
  for (const path of paths) {
    const folder = skillOrigin(path)
    counts.set(folder, (counts.get(folder) ?? 0) + 1)
  }
  return [...SKILL_FOLDERS, null].filter((folder) => counts.has(folder)).map((folder) => ({ folder, skills: counts.get(folder) ?? 0 }))
}

/** "read .claude/skills (2), skills (1)": what a report says it read, or null when no client folder was among them. */
export function describeOrigins(origins: readonly OriginCount[]): string | null {
  if (!origins.some((origin) => origin.folder !== null)) return null
  return origins.map((origin) => `${origin.folder ?? 'other folders'} (${origin.skills})`).join(', ')
}
