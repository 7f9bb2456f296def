/**
 * `skill-playground exec`: runs one skill's code with arguments checked against its parameters,
 * in the same sandbox as the page (docs/skill-code.md), and prints the outcome as JSON.
 */
import { validateArgs } from '../core/agent/validateArgs'
import { codeRequest, DEFAULT_CODE_TIMEOUT_MS } from '../core/code'
import { loadWorkspace, workspaceCode } from '../core/skill'
import { readSkillsDir } from './readSkillsDir'
import { runCodeInNode } from './nodeCodeRunner'
import type { CliIO } from './runCli'

export interface ExecArgs {
  skills: string
  skill: string
  args: string
  timeoutMs: number
}

export function execArgs(options: Map<string, string | true>): ExecArgs {
  const text = (name: string) => {
    const value = options.get(name)
    return typeof value === 'string' ? value : undefined
  }
  const skills = text('skills')
  const skill = text('skill')
  if (skills === undefined) throw new Error('exec needs --skills <dir>')
  if (skill === undefined) throw new Error('exec needs --skill <name>')
  const timeout = text('timeout')
  const seconds = timeout === undefined ? DEFAULT_CODE_TIMEOUT_MS / 1000 : Number(timeout)
  if (!(seconds > 0 && seconds <= 3600)) throw new Error('--timeout needs seconds, more than 0 and at most 3600')
  return { skills, skill, args: text('args') ?? '{}', timeoutMs: seconds * 1000 }
}

/** Exit 0 with {"result", "stdout"}; exit 1 with {"error", ...} on invalid arguments, an exception or a time-out. */
export async function execCommand(options: ExecArgs, io: CliIO): Promise<number> {
  const files = readSkillsDir(options.skills)
  const { skills } = loadWorkspace(files)
  const skill = skills.find((candidate) => candidate.name === options.skill)
  if (!skill) throw new Error(`no skill named "${options.skill}" in ${options.skills}; skills: ${skills.map((s) => s.name).join(', ')}`)
  const code = workspaceCode(files, [skill]).get(skill.path)
  if (!code) {
    io.out(JSON.stringify({ error: { type: 'no-code', message: `${skill.name} has no skill.py or main.py in its folder.` } }))
    return 1
  }
  const validation = validateArgs(code.parameters ?? { type: 'object' }, options.args)
  if (!validation.ok) {
    io.out(JSON.stringify({ error: { type: 'invalid_arguments', message: validation.message, details: validation.details } }))
    return 1
  }
  const outcome = await runCodeInNode(codeRequest(code, validation.value), {
    signal: new AbortController().signal,
    timeoutMs: options.timeoutMs,
  })
  if (outcome.ok) {
    io.out(JSON.stringify({ result: outcome.result, stdout: outcome.stdout, stderr: outcome.stderr, ms: outcome.ms }))
    return 0
  }
  const { traceback, ...error } = outcome.error
  io.out(JSON.stringify({ error, traceback: traceback ?? null, stdout: outcome.stdout, stderr: outcome.stderr, ms: outcome.ms }))
  return 1
}
