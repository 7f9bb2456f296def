import { codeToolName, type Skill } from '../skill'
import type { EffectiveConfig } from '../routing'
import type { CodeRunOutcome, CodeRunRequest } from '../code/codeRun'
import { builtinToolRegistry, ToolRefusal, type ToolContext, type ToolKind } from '../tools'
import {
  hasScripts,
  READ_SKILL_FILE,
  readSkillFile,
  readSkillFileSpec,
  RUN_SKILL_SCRIPT,
  runSkillScriptSpec,
  scriptRunRequest,
  type SkillBundle,
} from '../tools/skillFileTools'
import { LOAD_SKILL, loadSkillSpec } from './modelRouting'
import type { RunOptions } from './runOptions'
import { runSkillCode } from './runSkillCode'
import type { ToolSpec } from './types'

/** A model-facing tool plus how to run it. */
export interface RunnableTool extends ToolSpec {
  kind: ToolKind
  /** Shown on each call in the trace: answered by the user's mocks, or run for real by the server. */
  mode?: 'live' | 'mock'
  run: (args: Record<string, unknown>, context: ToolContext) => unknown
  /** Its own time-out, in place of its kind's (an MCP tool waits as long as its server does). */
  timeoutMs?: number
  /** A skill's code offered as a tool: run in the sandbox, its output kept for the trace. */
  code?: { file: string; run: (args: Record<string, unknown>, signal: AbortSignal, timeoutMs: number) => Promise<CodeRunOutcome> }
  /** run_skill_script: the sandbox request for the validated arguments (a ToolRefusal when the path is not allowed). */
  script?: (args: Record<string, unknown>) => { request: CodeRunRequest; skill: string }
}

/** What the model is told of each tool. */
export const specsOf = (tools: Map<string, RunnableTool>): ToolSpec[] =>
  [...tools.values()].map(({ name, description, parameters }) => ({ name, description, parameters }))

/** The names of the tools that exist: the run's registry, or the built-in one. */
export const toolNames = (options: RunOptions) => (options.registry ?? builtinToolRegistry).names

/** The tools the active skill (or, with none, the workspace) offers the model, by name; names it lists that no tool has go to `unavailable`. */
export function toolsFor(
  config: EffectiveConfig,
  skill: Skill | null,
  options: RunOptions,
  unavailable: string[],
): Map<string, RunnableTool> {
  const tools = new Map<string, RunnableTool>()
  // Skills with code are tools too (seed 001's registry): the active skill's own code, or, with no
  // skill active, every skill's. A name a tool already has gets a "skill_" prefix.
  const withCode = skill ? [skill] : options.skills
  const codeTools: RunnableTool[] = []
  for (const candidate of withCode) {
    const code = options.skillCode?.get(candidate.path)
    if (!code || !options.runCode) continue
    codeTools.push({
      name: codeToolName(candidate),
      description: candidate.description,
      parameters: code.parameters ?? { type: 'object', properties: {} },
      kind: 'local',
      run: () => null,
      code: { file: code.entry, run: (args, signal, timeoutMs) => runSkillCode(code, args, options, signal, timeoutMs) },
    })
  }
  for (const visible of config.tools) {
    if (visible.missing) continue
    const own = skill?.tools[visible.name]
    if (own) {
      tools.set(visible.name, {
        name: visible.name,
        description: own.description,
        parameters: own.parameters,
        kind: 'local',
        run: () => own.mock,
      })
      continue
    }
    if (visible.name === LOAD_SKILL) {
      tools.set(LOAD_SKILL, loadSkillTool(options.skills))
      continue
    }
    const descriptor = (options.registry ?? builtinToolRegistry).get(visible.name)
    if (!descriptor) {
      unavailable.push(visible.name)
      continue
    }
    const { name, description, parameters, kind, load } = descriptor
    const mode = descriptor.runs === 'server' ? 'live' : descriptor.runs === 'mock' ? 'mock' : undefined
    tools.set(name, {
      name,
      description,
      parameters,
      kind,
      ...(mode ? { mode } : {}),
      ...(descriptor.timeoutMs !== undefined ? { timeoutMs: descriptor.timeoutMs } : {}),
      run: async (args, context) => (await load())(args, context),
    })
  }
  for (const tool of codeTools) {
    const name = tools.has(tool.name) ? `skill_${tool.name}`.slice(0, 64) : tool.name
    if (!tools.has(name)) tools.set(name, { ...tool, name })
  }
  return tools
}

/** The bundled-file tools for the skills opened so far (read_skill_file; run_skill_script where code can run). */
export function skillFileToolsOf(opened: readonly SkillBundle[], options: RunOptions): EffectiveConfig['tools'] {
  if (opened.length === 0) return []
  const names = [READ_SKILL_FILE, ...(options.runCode && opened.some(hasScripts) ? [RUN_SKILL_SCRIPT] : [])]
  return names.map((name) => ({ name, source: 'builtin' as const, missing: false }))
}

/** `tools` with read_skill_file and run_skill_script described from the opened skills' files (replacing earlier ones). */
export function withSkillFiles(
  tools: Map<string, RunnableTool>,
  opened: readonly SkillBundle[],
  options: RunOptions,
): Map<string, RunnableTool> {
  if (opened.length === 0) return tools
  const next = new Map(tools)
  const bySkill = (args: Record<string, unknown>) => {
    const bundle = opened.find((candidate) => candidate.skill === args.skill)
    if (!bundle)
      throw new ToolRefusal(
        `"${String(args.skill)}" is not a skill whose files are open here: ${opened.map((candidate) => candidate.skill).join(', ')}.`,
      )
    return bundle
  }
  next.set(READ_SKILL_FILE, { ...readSkillFileSpec(opened), kind: 'local', run: (args) => readSkillFile(bySkill(args), args) })
  const withScripts = opened.filter(hasScripts)
  if (options.runCode && withScripts.length > 0)
    next.set(RUN_SKILL_SCRIPT, {
      ...runSkillScriptSpec(withScripts),
      kind: 'local',
      run: () => null,
      script: (args) => {
        const bundle = bySkill(args)
        return { request: scriptRunRequest(bundle, args), skill: bundle.skill }
      },
    })
  return next
}

function loadSkillTool(skills: readonly Skill[]): RunnableTool {
  return {
    ...loadSkillSpec(skills),
    kind: 'local',
    run: (args) => {
      const skill = skills.find((candidate) => candidate.name === args.name)
      if (!skill) throw new Error(`Unknown skill "${String(args.name)}". Available: ${skills.map((s) => s.name).join(', ')}.`)
      return `<skill name="${skill.name}">${skill.body}</skill>`
    },
  }
}
