/**
 * The CLI's commands are one registry (cliCommands.ts), and the files of src/cli import each other
 * without a cycle: the terminal type lives in cliIO.ts, so no command imports the dispatcher back.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'
import { findCycle } from '../core/lib/findCycle'
import { CLI_COMMANDS } from './cliCommands'
import { runCli } from './runCli'

const CLI = import.meta.dirname

/** Every import of a source file of src/cli (static, type-only and `import()`) to another file of src/cli. */
function cliFileGraph(): Map<string, Set<string>> {
  const files = readdirSync(CLI).filter((name) => /\.ts$/.test(name) && !/\.(test|bench)\.ts$/.test(name))
  const graph = new Map<string, Set<string>>()
  for (const file of files) {
    const targets = new Set<string>()
    const imports = ts.preProcessFile(readFileSync(join(CLI, file), 'utf8'), true, true).importedFiles.map((entry) => entry.fileName)
    for (const specifier of imports) {
      if (!specifier.startsWith('.')) continue
      const target = resolve(CLI, specifier)
      if (dirname(target) !== CLI) continue
      const name = `${target.slice(CLI.length + 1).replace(/\.(ts|js|mjs)$/, '')}.ts`
      if (files.includes(name)) targets.add(name)
    }
    graph.set(file, targets)
  }
  return graph
}

describe('the CLI command registry', () => {
  it('gives every command a name, a usage that starts with it, and a way to run', () => {
    expect(CLI_COMMANDS.length).toBeGreaterThan(0)
    for (const command of CLI_COMMANDS) {
      expect(command.name).toMatch(/^[a-z]+$/)
      expect(command.usage).toMatch(new RegExp(`^  skill-playground ${command.name} `))
      // One command's usage describes that command alone.
      expect(command.usage.split('\n').filter((line) => line.startsWith('  skill-playground '))).toHaveLength(1)
      expect(command.usage.split('\n').length).toBeGreaterThan(1)
      expect(typeof command.run).toBe('function')
    }
    expect(new Set(CLI_COMMANDS.map((command) => command.name)).size).toBe(CLI_COMMANDS.length)
  })

  it('is what the full usage lists and what `<command> --help` prints', async () => {
    const out: string[] = []
    const io = { out: (line: string) => out.push(line), err: () => {}, lines: async function* () {} }
    expect(await runCli(['--help'], io)).toBe(0)
    expect(out.filter((line) => line.startsWith('  skill-playground ')).map((line) => line.split(' ')[3])).toEqual(
      CLI_COMMANDS.map((command) => command.name),
    )
    for (const command of CLI_COMMANDS) {
      out.length = 0
      expect(await runCli([command.name, '--help'], io)).toBe(0)
      expect(out.join('\n')).toBe(`Usage:\n${command.usage}`)
    }
  })
})

describe('the files of src/cli', () => {
  it('import each other without a cycle', () => {
    const graph = cliFileGraph()
    expect([...(graph.get('runCli.ts') ?? [])]).toContain('cliCommands.ts')
    // Dynamic imports count: the commands loaded on demand are edges too.
    expect([...(graph.get('cliCommands.ts') ?? [])]).toContain('evalCommand.ts')
    expect(findCycle(graph)).toBeNull()
  })

  it('the check finds a ring when there is one', () => {
    const ring = new Map([
      ['runCli.ts', new Set(['terminalIO.ts'])],
      ['terminalIO.ts', new Set(['runCli.ts'])],
    ])
    expect(findCycle(ring)).toEqual(['runCli.ts', 'terminalIO.ts', 'runCli.ts'])
  })
})
