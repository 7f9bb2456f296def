/**
 * Round trips between the app and the command line: a workspace exported by the app, unpacked
 * into a folder the CLI reads, and imported back ("replace mine") in a fresh store, is the same
 * set of files with the same paths and bytes; and a folder made by hand goes the other way.
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join, relative, sep } from 'node:path'
import { describe, expect, it } from 'vitest'
import { readSkillsDir } from '../cli/readSkillsDir'
import { runCli } from '../cli/runCli'
import { unzipWorkspace, zipWorkspace } from '../core/share'
import { loadWorkspace, type SkillFile } from '../core/skill'
import { createPlaygroundStore } from '../state/createPlaygroundStore'

const EXAMPLES = join(import.meta.dirname, '../../skills')

/** Every file under `dir`, as the app holds them (relative `/` paths, UTF-8 text). */
function readFolder(dir: string): SkillFile[] {
  const walk = (at: string): string[] =>
    readdirSync(at).flatMap((name) => (statSync(join(at, name)).isDirectory() ? walk(join(at, name)) : [join(at, name)]))
  return walk(dir).map((full) => ({ path: relative(dir, full).split(sep).join('/'), text: readFileSync(full, 'utf8') }))
}

function writeFolder(files: readonly SkillFile[]): string {
  const dir = mkdtempSync(join(tmpdir(), 'roundtrip-'))
  for (const file of files) {
    const target = join(dir, file.path)
    mkdirSync(dirname(target), { recursive: true })
    writeFileSync(target, file.text)
  }
  return dir
}

const sorted = (files: readonly SkillFile[]) => [...files].sort((a, b) => (a.path < b.path ? -1 : 1))

const MIXED: SkillFile[] = [
  {
    path: '退款助手/SKILL.md',
    text: '---\nname: 退款助手\ndescription: 回答退款问题。不适用于查订单。\ntrigger_keywords: [退款, 退货]\n---\n按政策回答。\n',
  },
  { path: '退款助手/政策.md', text: '# 退款政策\n七天无理由。\n' },
  { path: '退款助手/scripts/check.py', text: 'print("ok")\n' },
  { path: 'weather.md', text: '---\nname: weather\ntrigger_keywords: [天气, weather]\n---\nWeather.\n' },
  { path: 'café/SKILL.md', text: '---\nname: café\ntrigger_keywords: [coffee]\n---\n☕\n' },
  { path: 'routing-tests.yaml', text: '# tests\n- utterance: 我要退款\n  expect: 退款助手\n- utterance: weather?\n  expect: weather\n' },
]

describe('app → CLI → app', () => {
  it.each([
    ['the example workspace', readFolder(EXAMPLES)],
    ['non-ASCII names, flat skills, extra files and routing tests', MIXED],
  ])('%s comes back with the same paths and bytes', async (_, files) => {
    // App: export as a zip.
    const store = createPlaygroundStore({ files })
    const zip = zipWorkspace({ files: store.getState().files })
    const unpacked = unzipWorkspace(zip)
    if (!unpacked.ok) throw new Error(unpacked.error.key)

    // CLI: the unpacked folder loads the same skills and its routing tests pass as in the app.
    const dir = writeFolder(unpacked.archive.files)
    const summary = (skills: ReturnType<typeof loadWorkspace>['skills']) =>
      skills.map(({ name, triggerKeywords, body }) => ({ name, triggerKeywords, body }))
    expect(summary(loadWorkspace(readSkillsDir(dir)).skills)).toEqual(summary(loadWorkspace(files).skills))
    const out: string[] = []
    const code = await runCli(['test', dir, '--json'], { out: (line) => out.push(line), err: () => {}, lines: async function* () {} })
    expect(code).toBe(0)

    // App again: the folder imported into a fresh store ("replace mine") is the original, byte for byte.
    const fresh = createPlaygroundStore({ files: [] })
    fresh.getState().importFiles(readFolder(dir), 'replace')
    expect(sorted(fresh.getState().files)).toEqual(sorted(files))
  })
})
