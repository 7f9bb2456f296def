/**
 * `skill-playground triggers`: trigger evals in skill-creator's format for one skill, for CI
 * (docs/evals.md, "Trigger evals"). Each query runs N times through progressive disclosure: the
 * scripted stand-in decides offline (simulated), or an OpenAI-compatible model configured like
 * `eval` (OPENAI_API_KEY, OPENAI_BASE_URL, OPENAI_MODEL). Exit 0 when every query passes, 1 when
 * one fails, 2 on a usage error (a missing or unreadable set included).
 */
import { roundFractions } from '../core/lib/roundScore'
import { countOf } from './countOf'
import { simulatedLabel } from './simulatedLabel'
import { existsSync, readFileSync, statSync } from 'node:fs'
import { dirname, join } from 'node:path'
import {
  DEFAULT_TRIGGER_THRESHOLD,
  defaultTriggerRuns,
  parseTriggerRuns,
  parseTriggerSet,
  parseTriggerThreshold,
  percent,
  runTriggerEvals,
  TRIGGER_EVALS_FILE,
  triggerDecider,
  triggerReportJson,
} from '../core/evals'
import { formatMessage } from '../core/messages'
import { loadWorkspace } from '../core/skill'
import { modelFrom } from './evalCommand'
import { readSkillsDir } from './readSkillsDir'
import type { CliIO } from './cliIO'
import { eachLine } from './terminalIO'

export interface TriggersArgs {
  dir: string
  skill: string
  set: string | undefined
  runs: number | undefined
  threshold: number
  model: 'scripted' | 'openai'
  json: boolean
  concurrency: number
}

/** Reads the options; a wrong one throws (the CLI's usage error, exit 2). */
export function triggersArgs(options: Map<string, string | true>): TriggersArgs {
  const text = (name: string) => {
    const value = options.get(name)
    if (value === true) throw new Error(`--${name} needs a value`)
    return value
  }
  const dir = text('skills')
  if (!dir) throw new Error('triggers needs --skills <dir>')
  const skill = text('skill')
  if (!skill) throw new Error('triggers needs --skill <name>')
  const model = text('model') ?? 'scripted'
  if (model !== 'scripted' && model !== 'openai') throw new Error('--model is scripted or openai')
  const runsText = text('runs')
  const runs = runsText === undefined ? undefined : parseTriggerRuns(runsText)
  if (runs && !runs.ok) throw new Error(`--runs: ${formatMessage(runs.error)}`)
  const thresholdText = text('threshold')
  const threshold = thresholdText === undefined ? undefined : parseTriggerThreshold(thresholdText)
  if (threshold && !threshold.ok) throw new Error(`--threshold: ${formatMessage(threshold.error)}`)
  const concurrency = Number(text('concurrency') ?? 4)
  if (!(Number.isInteger(concurrency) && concurrency >= 1 && concurrency <= 32))
    throw new Error('--concurrency is a whole number from 1 to 32')
  return {
    dir,
    skill,
    set: text('set'),
    runs: runs?.ok ? runs.value : undefined,
    threshold: threshold?.ok ? threshold.value : DEFAULT_TRIGGER_THRESHOLD,
    model,
    json: options.has('json'),
    concurrency,
  }
}

/** The skill's own evals/trigger-evals.json: in its folder under --skills, or --skills itself when that is the skill's folder. */
function defaultSet(dir: string, skillPath: string): string {
  const inFolder = join(dir, dirname(skillPath), TRIGGER_EVALS_FILE)
  const own = join(dir, TRIGGER_EVALS_FILE)
  const single = existsSync(join(dir, 'SKILL.md')) || existsSync(join(dir, 'skill.md'))
  return !existsSync(inFolder) && single && existsSync(own) ? own : inFolder
}

export async function triggersCommand(
  args: TriggersArgs,
  io: CliIO,
  env: Record<string, string | undefined> = process.env,
): Promise<number> {
  const { skills } = loadWorkspace(readSkillsDir(args.dir, (path, why) => io.err(`${path}: skipped (${why})`)))
  const skill = skills.find((candidate) => candidate.name === args.skill)
  if (!skill)
    throw new Error(
      `no skill named "${args.skill}" in ${args.dir}${skills.length ? `; skills: ${skills.map((each) => each.name).join(', ')}` : ' (no skills found)'}`,
    )
  const setPath = args.set ?? defaultSet(args.dir, skill.path)
  if (!statSync(setPath, { throwIfNoEntry: false })?.isFile())
    throw new Error(
      args.set
        ? `no trigger set at ${setPath}`
        : `no trigger set at ${setPath} (write [{"query": "…", "should_trigger": true}, …] there, or pass --set <file>)`,
    )
  const set = parseTriggerSet(readFileSync(setPath, 'utf8'))
  if (set.problems.length > 0) {
    for (const problem of set.problems) io.err(`${setPath}: ${formatMessage(problem)}`)
    return 2
  }
  const model = modelFrom(args, env)()
  const simulated = args.model === 'scripted'
  const runs = args.runs ?? defaultTriggerRuns(simulated)
  const name = simulated ? 'scripted' : env.OPENAI_MODEL?.trim() || model.label
  if (!args.json)
    io.err(
      `${countOf(set.queries.length, 'query', 'queries')} × ${countOf(runs, 'run')} · ${simulatedLabel(model.label, simulated)} · threshold ${args.threshold}`,
    )
  const report = await runTriggerEvals({
    queries: set.queries,
    runs,
    threshold: args.threshold,
    decide: triggerDecider(model, skills, skill.name),
    signal: new AbortController().signal,
    concurrency: simulated ? 1 : args.concurrency,
  })
  if (args.json) eachLine(io.out, JSON.stringify(triggerReportJson(report, skill.name, name, simulated), roundFractions, 2))
  else {
    for (const result of report.queries) {
      const [low, high] = result.interval
      const rate = result.rate === null ? '  — ' : percent(result.rate).padStart(4)
      const want = result.should_trigger ? 'should trigger    ' : 'should not trigger'
      const errors = result.errors > 0 ? `  ${result.errors} errored (${result.error_messages.join('; ')})` : ''
      const more =
        result.separated || result.runs_needed === null || result.runs === 0
          ? ''
          : `  (about ${countOf(result.runs_needed, 'run')} would settle it)`
      io.out(
        `${result.passed ? 'PASS' : 'FAIL'}  ${result.triggered}/${result.runs}  ${rate}  [${percent(low)}–${percent(high)}]  ${want}  ${JSON.stringify(result.query)}${errors}${more}`,
      )
    }
    const metric = (value: number | null) => (value === null ? '—' : percent(value))
    io.out(
      `precision ${metric(report.precision)} · recall ${metric(report.recall)} · F1 ${metric(report.f1)} · ${countOf(report.errors, 'errored run')}${simulated ? ' (simulated model)' : ''}`,
    )
    io.out(`${report.passed} of ${countOf(report.queries.length, 'query', 'queries')} pass at threshold ${args.threshold}`)
  }
  return report.failed > 0 ? 1 : 0
}
