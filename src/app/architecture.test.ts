/**
 * The architecture holds by construction: the lint fences refuse an import across a layer
 * (a probe file for each fence is linted with the real config), and the folders of src/ import
 * each other without a cycle. See docs/architecture.md.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { ESLint } from 'eslint'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'
import { findCycle } from '../core/lib/findCycle'
import tseslint from 'typescript-eslint'
import architecture from '../../architecture.json'

const ROOT = resolve(import.meta.dirname, '../..')
const SRC = join(ROOT, 'src')

describe('the lint fences', () => {
  // The probes are not on disk, so the type-aware rules are off for them; the fences need no types.
  const eslint = new ESLint({
    cwd: ROOT,
    overrideConfig: [tseslint.configs.disableTypeChecked, { languageOptions: { parserOptions: { projectService: false } } }],
  })
  const lintProbe = async (file: string, code: string) => {
    const [result] = await eslint.lintText(code, { filePath: join(ROOT, file) })
    return (result?.messages ?? []).filter((message) => message.ruleId === 'no-restricted-imports').map((message) => message.message)
  }

  const probes = Object.entries(architecture.fences).flatMap(([layer, forbidden]) => forbidden.map((target) => [layer, target] as const))
  // The team server lives beside src/ (server/), every other layer in src/<layer>.
  const folderOf = (layer: string) => (layer === 'server' ? 'server' : `src/${layer}`)
  it.each(probes)('refuse an import from %s into src/%s', async (layer, target) => {
    const from = folderOf(layer)
    const specifier = layer === 'server' ? `../src/${target}/anything` : `../${target}/anything`
    const messages = await lintProbe(`${from}/fenceProbe.ts`, `import { x } from '${specifier}'\nexport const y = x\n`)
    expect(messages.join('\n')).toMatch(new RegExp(`${from} must not import`))
  })

  it('hold the server fence in its library owners too, and let the server use core', async () => {
    const probe = `import { x } from '../../src/adapters/anything'\nexport const y = x\n`
    expect((await lintProbe('server/mcp/mcpHub.ts', probe)).join('\n')).toMatch(/server must not import/)
    expect((await lintProbe('server/liveTools/addressGuard.ts', probe)).join('\n')).toMatch(/server must not import/)
    expect(await lintProbe('server/fenceProbe.ts', `import { x } from '../src/core/anything'\nexport const y = x\n`)).toEqual([])
  })

  it('allow what the layering allows', async () => {
    expect(await lintProbe('src/state/fenceProbe.ts', `import { x } from '../core/anything'\nexport const y = x\n`)).toEqual([])
    expect(await lintProbe('src/ui/fenceProbe.ts', `import { x } from '../state/anything'\nexport const y = x\n`)).toEqual([])
    expect(await lintProbe('src/app/fenceProbe.ts', `import { x } from '../adapters/anything'\nexport const y = x\n`)).toEqual([])
  })

  it('keep each third-party library in its one owner, and the core free of UI and Node libraries', async () => {
    expect(await lintProbe('src/ui/fenceProbe.ts', `import OpenAI from 'openai'\nexport const y = OpenAI\n`)).toEqual([
      expect.stringContaining('only in src/adapters/openaiClient.ts'),
    ])
    expect(await lintProbe('src/core/fenceProbe.ts', `import { readFileSync } from 'node:fs'\nexport const y = readFileSync\n`)).toEqual([
      expect.stringContaining('plain TypeScript'),
    ])
    expect(await lintProbe('src/core/fenceProbe.ts', `import { useState } from 'react'\nexport const y = useState\n`)).toEqual([
      expect.stringContaining('plain TypeScript'),
    ])
  })

  it('let every module of an owner folder import its library, and no module outside it', async () => {
    const yaml = `import { parseDocument } from 'yaml'\nexport const y = parseDocument\n`
    const grayMatter = `import matter from 'gray-matter'\nexport const y = matter\n`
    expect(await lintProbe('src/core/yaml/fenceProbe.ts', yaml)).toEqual([])
    expect(await lintProbe('src/core/yaml/fenceProbe.test.ts', yaml)).toEqual([])
    expect(await lintProbe('src/core/skill/fenceProbe.ts', yaml)).toEqual([
      expect.stringContaining('only in src/core/yaml/ (a module of that folder)'),
    ])
    expect(await lintProbe('src/core/skill/fenceProbe.test.ts', yaml)).toEqual([expect.stringContaining('only in src/core/yaml/')])
    // A library owned by one module of the folder stays that module's: the folder does not widen it.
    expect(await lintProbe('src/core/yaml/splitSkillFile.ts', `${grayMatter}${yaml.replace(/y =/, 'z =')}`)).toEqual([])
    expect(await lintProbe('src/core/yaml/fenceProbe.ts', grayMatter)).toEqual([
      expect.stringContaining('only in src/core/yaml/splitSkillFile.ts'),
    ])
    // An owner folder keeps its layer's fence.
    expect(
      (await lintProbe('src/core/yaml/fenceProbe.ts', `import { x } from '../../state/anything'\nexport const y = x\n`)).join('\n'),
    ).toMatch(/src\/core must not import/)
    expect(
      await lintProbe('src/core/yaml/fenceProbe.ts', `import { readFileSync } from 'node:fs'\nexport const y = readFileSync\n`),
    ).toEqual([expect.stringContaining('plain TypeScript')])
  })
}, 60_000)

/** Every relative import of every source file under src/, as folder → folder edges. */
function folderGraph(): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>()
  const walk = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
      entry.isDirectory()
        ? walk(join(dir, entry.name))
        : /\.tsx?$/.test(entry.name) && !/\.(test|bench)\.ts$/.test(entry.name)
          ? [join(dir, entry.name)]
          : [],
    )
  for (const file of walk(SRC)) {
    const from = relative(SRC, dirname(file)) || '.'
    const imports = ts.preProcessFile(readFileSync(file, 'utf8'), true, true).importedFiles.map((entry) => entry.fileName)
    for (const specifier of imports) {
      if (!specifier.startsWith('.')) continue
      const target = resolve(dirname(file), specifier)
      // `../core/skill` names a folder (its index); `./derive` a file in the folder.
      const to = relative(SRC, isFolder(target) ? target : dirname(target)) || '.'
      if (to !== from && !to.startsWith('..')) (graph.get(from) ?? graph.set(from, new Set()).get(from)!).add(to)
    }
  }
  return graph
}

function isFolder(path: string): boolean {
  try {
    readdirSync(path)
    return true
  } catch {
    return false
  }
}

describe('the import graph', () => {
  it('has no cycle between folders', () => {
    expect(findCycle(folderGraph())).toBeNull()
  })

  it('finds a cycle when there is one (the check itself works)', () => {
    expect(
      findCycle(
        new Map([
          ['a', new Set(['b'])],
          ['b', new Set(['c'])],
          ['c', new Set(['a'])],
        ]),
      ),
    ).toEqual(['a', 'b', 'c', 'a'])
  })

  it('keeps the layers in order: core ← state ← ui, adapters only for the wiring layer', () => {
    const graph = folderGraph()
    const layer = (folder: string) => folder.split('/')[0] ?? folder
    const edges = [...graph].flatMap(([from, targets]) => [...targets].map((to) => `${layer(from)}→${layer(to)}`))
    const allowed = new Set([
      'core→core',
      'state→core',
      'state→state',
      'ui→core',
      'ui→state',
      'ui→ui',
      'adapters→core',
      'adapters→adapters',
      'app→core',
      'app→state',
      'app→ui',
      'app→adapters',
      'app→app',
      'cli→core',
      'cli→adapters',
      'cli→cli',
    ])
    expect([...new Set(edges)].filter((edge) => !allowed.has(edge))).toEqual([])
  })
})
