import { catalogBudget, type CatalogLayout } from '../core/routing'
import { LINT_PROFILES, lintWorkspace, type LintProfile } from '../core/lint'
import { describeOrigins, skillOrigins } from '../core/skill'
import { CLIENT_IDS, CLIENT_PROFILES, isClientId } from '../core/clients'
import type { CliIO } from './cliIO'
import { countOf } from './countOf'
import { parseArgs } from './parseArgs'
import { readSkillsDir } from './readSkillsDir'
import { eachLine } from './terminalIO'

/** `skill-playground lint`: every skill's findings, as lines or JSON; exit 1 on any error. */
export function lintCommand(args: readonly string[], io: CliIO): number {
  const { positional, options } = parseArgs(args, ['profile', 'client'])
  const dir = positional[0]
  if (dir === undefined) throw new Error('lint needs a folder: skill-playground lint <dir>')
  const clientOption = options.get('client')
  if (clientOption !== undefined && !isClientId(clientOption)) throw new Error(`--client must be one of ${CLIENT_IDS.join(', ')}`)
  const client = clientOption === undefined ? null : CLIENT_PROFILES[clientOption]
  if (client && options.has('profile') && options.get('profile') !== client.lintProfile)
    throw new Error(`--client ${client.id} lints with its own profile (${client.lintProfile}); leave out --profile`)
  const profile = client?.lintProfile ?? options.get('profile') ?? 'app'
  if (!LINT_PROFILES.some((known) => known.value === profile))
    throw new Error(`--profile must be one of ${LINT_PROFILES.map((p) => p.value).join(', ')}`)
  const files = readSkillsDir(dir, (path, why) => io.err(`${path}: skipped (${why})`))
  const { skills, findings } = lintWorkspace(files, { profile: profile as LintProfile })
  if (skills.length === 0) {
    io.err(`No skills found in ${dir} (looked for <folder>/SKILL.md and <name>.md).`)
    return 1
  }
  const origins = skillOrigins(skills.map((skill) => skill.path))
  const textOf = new Map(files.map((file) => [file.path, file.text]))
  const layout = client ? catalogBudget(skills, client.id, undefined, (path) => textOf.get(path)) : null
  const all = skills.flatMap((skill) => (findings.get(skill.path) ?? []).map((finding) => ({ path: skill.path, finding })))
  const errors = all.filter(({ finding }) => finding.severity === 'error').length
  if (options.has('json')) {
    eachLine(
      io.out,
      JSON.stringify(
        {
          profile,
          ...(client ? { client: client.id } : {}),
          skills: skills.length,
          origins: origins.map((origin) => ({ folder: origin.folder, skills: origin.skills })),
          errors,
          warnings: all.filter(({ finding }) => finding.severity === 'warning').length,
          findings: all.map(({ path, finding }) => ({
            path,
            line: finding.range.startLine,
            column: finding.range.startColumn,
            endLine: finding.range.endLine,
            endColumn: finding.range.endColumn,
            severity: finding.severity,
            rule: finding.code,
            message: finding.message,
            ...(finding.fix ? { fix: finding.fix.title } : {}),
          })),
          ...(layout
            ? {
                catalog: {
                  unit: layout.unit,
                  budget: layout.budget,
                  used: layout.used,
                  wanted: layout.wanted,
                  notListed: layout.manualOnly,
                  entries: layout.entries.map((entry) => ({
                    skill: entry.name,
                    path: entry.path,
                    state: entry.state,
                    shown: entry.shownChars,
                    length: entry.descriptionChars,
                  })),
                },
              }
            : {}),
        },
        null,
        2,
      ),
    )
  } else {
    for (const { path, finding } of all)
      io.out(`${path}:${finding.range.startLine}:${finding.range.startColumn} ${finding.severity} ${finding.message} [${finding.code}]`)
    const read = describeOrigins(origins)
    if (read) io.err(`Read ${read}.`)
    if (client && layout) io.err(catalogSummary(client.label, layout))
    io.err(`${countOf(skills.length, 'skill')}, ${countOf(errors, 'error')}, ${all.length - errors} warnings/info (profile: ${profile})`)
  }
  return errors > 0 ? 1 : 0
}

/** One line on a client's listing: "Claude Code's listing: 9,089 of 8,000 characters; 12 whole, 28 name only." */
function catalogSummary(label: string, layout: CatalogLayout): string {
  const counts = new Map<string, number>()
  for (const entry of layout.entries) counts.set(entry.state, (counts.get(entry.state) ?? 0) + 1)
  const words: Record<string, string> = { full: 'whole', shortened: 'shortened', 'name-only': 'name only', omitted: 'left out' }
  const parts = Object.entries(words).flatMap(([state, word]) => (counts.has(state) ? [`${counts.get(state)} ${word}`] : []))
  const unit = layout.unit === 'chars' ? 'characters' : 'tokens'
  const size =
    layout.budget > 0
      ? `${layout.wanted.toLocaleString('en')} of ${layout.budget.toLocaleString('en')} ${unit}`
      : `${layout.used.toLocaleString('en')} ${unit}, no budget`
  return `${label}'s listing: ${size}; ${parts.join(', ') || 'no skills'}.`
}
