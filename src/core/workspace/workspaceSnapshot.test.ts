import { describe, expect, it } from 'vitest'
import { topScores } from '../routing'
import type { SkillFile } from '../skill'
import {
  apply,
  changedSince,
  descriptionRouterOf,
  fileIndexOf,
  lintOf,
  routerOf,
  skillAt,
  snapshotOf,
  routeCasesInSteps,
  suiteOf,
  workspaceInSteps,
  workspaceOf,
  type WorkspaceEdit,
  type WorkspaceSnapshot,
} from './workspaceSnapshot'
import { finishSteps } from '../lib/finishSteps'

/** A small seeded generator (mulberry32): the same seed gives the same edits, so a failure can be replayed. */
function randomFrom(seed: number) {
  let state = seed >>> 0
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  const int = (n: number) => Math.floor(next() * n)
  const pick = <T>(items: readonly T[]): T => items[int(items.length)] as T
  return { next, int, pick }
}

type Random = ReturnType<typeof randomFrom>

const WORDS = ['plan', 'write', 'search', 'weather', 'report', 'sql', 'calc', '规划', '天气', '计算', 'outline', 'task']
const UTTERANCES = ['plan a task', 'weather report', '规划一下', '计算 天气', 'search sql report', 'nothing here']

function skillText(random: Random, name: string): string {
  const keywords = Array.from({ length: 1 + random.int(3) }, () => random.pick(WORDS))
  return `---\nname: ${name}\ndescription: ${random.pick(WORDS)} things for ${name}\ntrigger_keywords: [${keywords.join(', ')}]\n---\n# ${name}\nDo ${random.pick(WORDS)}.\n`
}

function suiteText(random: Random, names: readonly string[]): string {
  return Array.from(
    { length: 2 + random.int(4) },
    () => `- utterance: ${random.pick(UTTERANCES)}\n  expect: ${random.next() < 0.2 ? 'null' : random.pick(names)}\n`,
  ).join('')
}

function startFiles(random: Random): SkillFile[] {
  const names = Array.from({ length: 3 + random.int(5) }, (_, i) => `skill${i}`)
  return [
    ...names.map((name) => ({ path: `${name}/SKILL.md`, text: skillText(random, name) })),
    { path: 'skill0/notes.txt', text: 'notes' },
    { path: 'flat.md', text: skillText(random, 'flat') },
    { path: 'routing-tests.yaml', text: suiteText(random, names) },
  ]
}

const isSkill = (file: SkillFile) => file.path.endsWith('.md')

/** One edit as the store's actions make them: typing in a skill or the suite, or a wholesale change of the files. */
function randomEdit(random: Random, files: readonly SkillFile[]): WorkspaceEdit {
  const skills = files.filter(isSkill)
  const roll = random.next()
  if (roll < 0.45 && skills.length > 0) {
    // Typing: a few characters inserted or deleted somewhere in a skill (its frontmatter or body).
    const file = random.pick(skills)
    const at = random.int(file.text.length + 1)
    const text =
      random.next() < 0.7
        ? file.text.slice(0, at) + random.pick([...WORDS, ' ', ', ', 'x', '\n']) + file.text.slice(at)
        : file.text.slice(0, at) + file.text.slice(at + 1 + random.int(3))
    return { kind: 'text', path: file.path, text, range: { start: at, end: at } }
  }
  if (roll < 0.55) {
    const names = skills.map((file) => file.path.split('/')[0] ?? '')
    return { kind: 'text', path: 'routing-tests.yaml', text: suiteText(random, names) }
  }
  if (roll < 0.6) return { kind: 'text', path: 'skill0/notes.txt', text: `notes ${random.int(100)}` }
  if (roll < 0.7) {
    const name = `added${random.int(1000)}`
    if (files.some((file) => file.path === `${name}/SKILL.md`)) return { kind: 'files', files: [...files] }
    return { kind: 'files', files: [...files, { path: `${name}/SKILL.md`, text: skillText(random, name) }] }
  }
  if (roll < 0.8 && skills.length > 1) {
    const gone = random.pick(skills).path
    return { kind: 'files', files: files.filter((file) => file.path !== gone) }
  }
  if (roll < 0.9 && skills.length > 0) {
    // A rename: the file moves and its name changes, in place in the array.
    const from = random.pick(skills).path
    const name = `renamed${random.int(1000)}`
    if (files.some((file) => file.path === `${name}/SKILL.md`)) return { kind: 'files', files }
    return {
      kind: 'files',
      files: files.map((file) =>
        file.path === from ? { path: `${name}/SKILL.md`, text: file.text.replace(/^name: .*$/m, `name: ${name}`) } : file,
      ),
    }
  }
  // Undo-like: several texts replaced at once, the paths the same.
  return {
    kind: 'files',
    files: files.map((file) => (isSkill(file) && random.next() < 0.5 ? { ...file, text: skillText(random, `w${random.int(9)}`) } : file)),
  }
}

/** What a snapshot derives, in plain values: what a build from scratch must equal. */
function observed(snapshot: WorkspaceSnapshot) {
  const lint = lintOf(snapshot, { profile: 'app' })
  const router = routerOf(snapshot)
  const suite = suiteOf(snapshot, 0.3)
  return {
    skills: workspaceOf(snapshot).skills,
    findings: [...lint.findings.entries()],
    totals: lint.totals,
    routing: UTTERANCES.map((utterance) => {
      const result = router(utterance, 0.3)
      return { winner: result.winner?.path ?? null, top: topScores(result, 5).map((score) => [score.path, score.final]) }
    }),
    descriptions: UTTERANCES.map((utterance) => descriptionRouterOf(snapshot)(utterance).pick),
    suite: suite && {
      cases: suite.cases,
      problems: suite.problems,
      results: suite.suite.results.map((result) => [result.case.utterance, result.got, result.pass, result.expectedFinal]),
      passed: suite.suite.passed,
      sweep: suite.sweep,
    },
  }
}

describe('WorkspaceSnapshot', () => {
  it('gives, after any sequence of edits, what a snapshot built from the final files gives', () => {
    for (let seed = 1; seed <= 60; seed++) {
      const random = randomFrom(seed)
      let snapshot = snapshotOf(startFiles(random))
      const edits = 5 + random.int(20)
      for (let n = 0; n < edits; n++) {
        snapshot = apply(snapshot, randomEdit(random, snapshot.files))
        // Read some parts on some steps only, as renders do: parts built from an older snapshot and a line of edits.
        const read = random.next()
        if (read < 0.3) observed(snapshot)
        else if (read < 0.5) workspaceOf(snapshot)
      }
      expect(observed(snapshot), `seed ${seed}`).toEqual(observed(snapshotOf(snapshot.files)))
    }
  })

  it('shares every part an edit cannot change with the snapshot before it', () => {
    for (let seed = 100; seed < 130; seed++) {
      const random = randomFrom(seed)
      const before = snapshotOf(startFiles(random))
      const lint = lintOf(before, { profile: 'app' })
      const suite = suiteOf(before, 0.3)
      const skills = workspaceOf(before).skills
      const target = random.pick(skills)
      const text = before.files[fileIndexOf(before).get(target.path)!]!.text

      // Typing in a body: that skill is parsed again, every other skill, the router and the suite are the same objects.
      const body = apply(before, { kind: 'text', path: target.path, text: `${text}more words\n` })
      const after = workspaceOf(body).skills
      expect(after).not.toBe(skills)
      for (const [place, skill] of after.entries()) if (skill.path !== target.path) expect(skill).toBe(skills[place])
      expect(skillAt(body, target.path)?.body).toContain('more words')
      expect(routerOf(body)).toBe(routerOf(before))
      expect(descriptionRouterOf(body)).toBe(descriptionRouterOf(before))
      expect(suiteOf(body, 0.3)).toBe(suite)
      const relinted = lintOf(body, { profile: 'app' })
      for (const skill of skills)
        if (skill.path !== target.path) expect(relinted.findings.get(skill.path)).toBe(lint.findings.get(skill.path))
      expect(fileIndexOf(body)).toBe(fileIndexOf(before))
      expect(changedSince(body, before)).toEqual([target.path])
      expect(changedSince(body, snapshotOf(before.files))).toBeUndefined()

      // A file no part reads as a skill: the workspace and the lint are the same objects.
      const notes = apply(body, { kind: 'text', path: 'skill0/notes.txt', text: 'other notes' })
      expect(workspaceOf(notes)).toBe(workspaceOf(body))
      expect(lintOf(notes, { profile: 'app' })).toBe(relinted)

      // A new keyword recompiles the router; the suite follows it.
      const keyword = apply(notes, {
        kind: 'text',
        path: target.path,
        text: text.replace('trigger_keywords: [', 'trigger_keywords: [brandnew, '),
      })
      expect(routerOf(keyword)).not.toBe(routerOf(notes))
      expect(suiteOf(keyword, 0.3)).not.toBe(suite)

      // The same text again is the same snapshot.
      expect(apply(keyword, { kind: 'text', path: target.path, text: keyword.files[fileIndexOf(keyword).get(target.path)!]!.text })).toBe(
        keyword,
      )
    }
  })

  it('builds each part in steps to the same values, which the plain readers then find', () => {
    const random = randomFrom(7)
    const before = snapshotOf(startFiles(random))
    workspaceOf(before)
    const files = [
      ...before.files,
      ...Array.from({ length: 40 }, (_, i) => ({ path: `bulk${i}/SKILL.md`, text: skillText(random, `bulk${i}`) })),
    ]
    const imported = apply(before, { kind: 'files', files })
    const progress: number[] = []
    expect(finishSteps(workspaceInSteps(imported, { onProgress: (done) => progress.push(done) }))).toBe(true)
    expect(progress.at(-1)).toBe(40)
    const workspace = workspaceOf(imported)
    expect(finishSteps(routeCasesInSteps(imported, 0.3))).toBe(true)
    const suite = suiteOf(imported, 0.3)
    expect(workspaceOf(imported)).toBe(workspace)
    expect(observed(imported)).toEqual(observed(snapshotOf(files)))
    expect(suiteOf(imported, 0.3)).toBe(suite)
    // A cancelled build builds nothing, and a reader builds it all the same.
    const cancelled = apply(imported, { kind: 'files', files: files.slice(0, -1) })
    expect(finishSteps(workspaceInSteps(cancelled, { aborted: () => true }))).toBe(false)
    expect(workspaceOf(cancelled).skills).toHaveLength(workspace.skills.length - 1)
  })

  it('keeps a text edit to a new path as a file added, and a long unread line of edits correct', () => {
    const random = randomFrom(11)
    let snapshot = snapshotOf(startFiles(random))
    workspaceOf(snapshot)
    snapshot = apply(snapshot, { kind: 'text', path: 'new/SKILL.md', text: skillText(random, 'new') })
    expect(skillAt(snapshot, 'new/SKILL.md')?.name).toBe('new')
    for (let n = 0; n < 100; n++) snapshot = apply(snapshot, { kind: 'text', path: 'new/SKILL.md', text: skillText(random, `new${n}`) })
    expect(skillAt(snapshot, 'new/SKILL.md')?.name).toBe('new99')
    expect(observed(snapshot)).toEqual(observed(snapshotOf(snapshot.files)))
  })
})
