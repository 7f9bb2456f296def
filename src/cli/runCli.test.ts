import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { scoreRouting } from '../core/routing'
import { loadWorkspace } from '../core/skill'
import { readSkillsDir } from './readSkillsDir'
import { runCli } from './runCli'

const SKILLS = join(import.meta.dirname, '../../skills')

async function run(argv: string[], stdin: string[] = []) {
  const out: string[] = []
  const err: string[] = []
  const code = await runCli(argv, {
    out: (line) => out.push(line),
    err: (line) => err.push(line),
    lines: async function* () {
      yield* stdin
    },
  })
  return { code, out, err }
}

describe('skill-playground route', () => {
  it('prints one JSON line per utterance that agrees with scoreRouting, scores rounded to 3 decimals', async () => {
    const inputs = ['计算一下 2^20 是多少', '帮我规划并写一篇关于 AI Agent 的文章大纲', '  spaces kept  ', '']
    const { code, out } = await run(['route', '--skills', SKILLS], inputs)
    expect(code).toBe(0)
    expect(out).toHaveLength(inputs.length)
    const { skills } = loadWorkspace(readSkillsDir(SKILLS))
    out.forEach((line, i) => {
      const json = JSON.parse(line)
      const expected = scoreRouting(inputs[i]!, skills, 0.3)
      expect(json.input).toBe(inputs[i])
      expect(json.length).toBe(expected.length)
      expect(json.winner).toBe(expected.winner?.skill ?? null)
      expect(json.scores).toEqual(
        expected.scores.map((s) => ({
          skill: s.skill,
          path: s.path,
          matched: s.matched,
          covered: s.covered,
          base: Math.round(s.base * 1000) / 1000,
          bonus: s.bonus,
          final: s.final === null ? null : Math.round(s.final * 1000) / 1000,
          activated: s.activated,
        })),
      )
    })
    const plan = JSON.parse(out[1]!).scores.find((s: { skill: string }) => s.skill === 'plan_and_write')
    // 0.208, not 0.20800000000000002 (issue 35 defect 17).
    expect(plan).toMatchObject({ covered: 4, base: 0.16, bonus: true, final: 0.208, activated: false })
    expect(out[1]).not.toContain('0.20800000000000002')
    expect(JSON.parse(out[0]!).winner).toBe('calculator')
  })

  it('takes utterances as arguments and honours --threshold', async () => {
    const { out } = await run(['route', '--skills', SKILLS, '--threshold', '0.2', '帮我规划并写一篇关于 AI Agent 的文章大纲'])
    expect(JSON.parse(out[0]!).winner).toBe('plan_and_write')
  })

  it('fails clearly on a missing folder or a bad threshold', async () => {
    expect((await run(['route', '--skills', '/no/such/dir', 'x'])).err[0]).toContain('Not a folder')
    const bad = await run(['route', '--skills', SKILLS, '--threshold', 'high', 'x'])
    expect(bad.code).toBe(2)
    expect(bad.err[0]).toContain('--threshold: the threshold must be a number')
    const negative = await run(['route', '--skills', SKILLS, '--threshold', '-5', 'x'])
    expect(negative.code).toBe(2)
    expect(negative.err[0]).toContain('between 0 and 2')
  })
})

describe('skill-playground lint', () => {
  it('passes on the example skills, and the profile decides what is an error', async () => {
    expect((await run(['lint', SKILLS])).code).toBe(0)
    expect((await run(['lint', SKILLS, '--profile', 'lenient'])).code).toBe(0)
    const strict = await run(['lint', SKILLS, '--profile', 'strict', '--json'])
    expect(strict.code).toBe(1)
    expect(JSON.parse(strict.out.join('\n')).findings).toContainEqual(
      expect.objectContaining({ path: 'plan_and_write/SKILL.md', rule: 'name-format', severity: 'error' }),
    )
    expect((await run(['lint', SKILLS, '--profile', 'pedantic'])).err[0]).toContain('--profile must be one of')
  })

  it('prints path:line:col severity message and exits 1 on an error', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'skills-'))
    mkdirSync(join(dir, 'broken'))
    writeFileSync(join(dir, 'broken/SKILL.md'), '---\nname: broken\nmax_rounds: lots\n---\nbody\n')
    writeFileSync(join(dir, 'fine.md'), '---\nname: fine\n---\nbody\n')
    const { code, out } = await run(['lint', dir])
    expect(code).toBe(1)
    expect(out.filter((line) => line.includes(' error '))).toEqual([
      expect.stringMatching(/^broken\/SKILL\.md:3:13 error "max_rounds" must be a whole number.*\[field-type\]$/),
    ])
    const json = await run(['lint', dir, '--json'])
    expect(JSON.parse(json.out.join('\n'))).toMatchObject({
      profile: 'app',
      skills: 2,
      errors: 1,
      findings: expect.arrayContaining([
        {
          path: 'broken/SKILL.md',
          line: 3,
          column: 13,
          endLine: 3,
          endColumn: 17,
          severity: 'error',
          rule: 'field-type',
          message: expect.stringContaining('max_rounds'),
        },
      ]),
    })
  })
})

describe('skill-playground test', () => {
  it('passes on the example suite', async () => {
    const { code, out } = await run(['test', SKILLS])
    expect(code).toBe(0)
    expect(out.at(-1)).toMatch(/^\d+ passed, 0 failed$/)
  })

  it('exits 1 and prints expected, got and scores for each failure', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'suite-'))
    writeFileSync(join(dir, 'calc.md'), '---\nname: calc\ntrigger_keywords: [计算]\n---\n')
    writeFileSync(
      join(dir, 'routing-tests.yaml'),
      '- utterance: 计算\n  expect: calc\n- utterance: 请帮我计算一下这个很长的问题\n  expect: calc\n',
    )
    const { code, out } = await run(['test', dir])
    expect(code).toBe(1)
    expect(out).toEqual([
      expect.stringMatching(/^FAIL .*routing-tests\.yaml:3 "请帮我计算一下这个很长的问题": expected calc, got no skill$/),
      '     calc: final 0.143 (covered 2/14)',
      '1 passed, 1 failed',
    ])
    const json = await run(['test', dir, '--json', '--threshold', '0.1'])
    expect(json.code).toBe(0)
    expect(JSON.parse(json.out.join('\n'))).toMatchObject({ threshold: 0.1, passed: 2, failed: 0 })
    // Scores rounded to three decimals, like the text (2/14 is 0.14285714285714285).
    expect(JSON.parse(json.out.join('\n')).results[1].scores).toEqual([{ skill: 'calc', final: 0.143, covered: 2, length: 14 }])
    // One skill, one error: "1 skill, 0 errors", never "1 skills".
    const lint = await run(['lint', dir])
    expect(lint.err.at(-1)).toMatch(/^1 skill, 0 errors, /)
    const custom = await run(['test', dir, '--cases', join(dir, 'nope.yaml')])
    expect(custom.err[0]).toContain('No test cases')
  })
})

describe('skill-playground explain', () => {
  it('prints, per utterance, whole words that make the skill win, each one verified, with the test cases it would break', async () => {
    const input = '帮我规划并写一篇关于 AI Agent 的文章大纲'
    const { code, out } = await run(['explain', '--skills', SKILLS, '--skill', 'plan_and_write', input, '规划一下', '文章大纲和学习计划'])
    expect(code).toBe(0)
    const [first, second, third] = out.map((line) => JSON.parse(line))
    // Rounded to three decimals, not 0.20800000000000002.
    expect(first).toMatchObject({ input, winner: null, skill: 'plan_and_write', final: 0.208, checked_cases: 16 })
    expect(first.suggestions.length).toBeGreaterThan(0)
    const skills = loadWorkspace(readSkillsDir(SKILLS)).skills
    for (const { keyword, final } of first.suggestions) {
      // Whole words only: never a space, a lone letter or a function word (the README's old " ", "A", " A", "帮我").
      expect([' ', 'A', ' A', '帮我', '一下', '关于']).not.toContain(keyword)
      expect(keyword.trim()).toBe(keyword)
      const changed = skills.map((skill) =>
        skill.name === 'plan_and_write' ? { ...skill, triggerKeywords: [...skill.triggerKeywords, keyword] } : skill,
      )
      const result = scoreRouting(input, changed)
      expect(result.winner?.skill, keyword).toBe('plan_and_write')
      expect(result.winner?.final).toBeCloseTo(final, 3)
    }
    // The message is the seed's own test case expecting no skill: every keyword breaks it, and the output says so.
    expect(first.outcome).toBe('no-safe-keyword')
    for (const suggestion of first.suggestions)
      expect(suggestion.breaks).toEqual([{ utterance: input, expect: null, would_win: 'plan_and_write' }])
    expect(first.advice).toContain('description')
    expect(first.suggestions.slice(0, 2).map((s: { keyword: string }) => s.keyword)).toEqual(['文章', '大纲'])
    expect(second).toMatchObject({ winner: 'plan_and_write', suggestions: [] })
    // Safe ones first: "文章大纲" would break the seed's case, so it comes after the safe one.
    expect(third.outcome).toBe('suggest')
    expect(third.suggestions.map((s: { keyword: string; breaks: unknown[] }) => [s.keyword, s.breaks.length])).toEqual([
      ['学习计划', 0],
      ['文章大纲', 1],
    ])
  })

  it('checks against --cases, and says when a message holds only function words', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'explain-cases-'))
    const cases = join(dir, 'cases.yaml')
    writeFileSync(cases, '- utterance: 学习计划\n  expect: null\n')
    const { code, out } = await run([
      'explain',
      '--skills',
      SKILLS,
      '--skill',
      'plan_and_write',
      '--cases',
      cases,
      '文章大纲和学习计划',
      '请问能不能帮我一下',
    ])
    expect(code).toBe(0)
    const [checked, empty] = out.map((line) => JSON.parse(line))
    expect(checked.checked_cases).toBe(1)
    expect(checked.suggestions[0]).toEqual({ keyword: '文章大纲', final: 0.444, from_description: false, breaks: [] })
    expect(checked.suggestions.find((s: { keyword: string }) => s.keyword === '学习计划').breaks).toEqual([
      { utterance: '学习计划', expect: null, would_win: 'plan_and_write' },
    ])
    expect(empty).toMatchObject({ outcome: 'no-single-keyword', suggestions: [] })
    expect(empty.advice).toContain('routing test case')
    const missing = await run(['explain', '--skills', SKILLS, '--skill', 'plan_and_write', '--cases', join(dir, 'none.yaml'), 'x'])
    expect(missing.code).toBe(2)
  })

  it('reads utterances from standard input and refuses an unknown skill', async () => {
    const piped = await run(['explain', '--skills', SKILLS, '--skill', 'weather'], ['北京天气怎么样啊朋友们', 'hello'])
    expect(piped.out).toHaveLength(2)
    const bad = await run(['explain', '--skills', SKILLS, '--skill', 'nope', 'x'])
    expect(bad.code).toBe(2)
    expect(bad.err[0]).toContain('no skill named "nope"')
  })
})

describe('text output of untrusted names', () => {
  /** A folder whose names and texts would drive a terminal or a CI log if printed raw (YAML's \e is ESC, \a BEL). */
  const hostileFolder = () => {
    const dir = mkdtempSync(join(tmpdir(), 'cli-escape-'))
    const skill = (folder: string, frontmatter: string) => {
      mkdirSync(join(dir, folder))
      writeFileSync(join(dir, folder, 'SKILL.md'), `---\n${frontmatter}\n---\nBody\n`)
    }
    // A window title, a clear screen, an OSC 8 hyperlink; C1 CSI and a bidi override in a description.
    skill(
      'title',
      'name: "\\e]0;pwned\\a"\ndescription: "Forecasts.\\n::error file=x::boom \\x9b31m \\u202eevil"\ntrigger_keywords: [weather]',
    )
    skill('clear', 'name: "\\e[2J"\ntrigger_keywords: [clear]')
    skill('link', 'name: "\\e]8;;https://example.invalid/\\aclick\\e]8;;\\a"\ntrigger_keywords: [link]')
    writeFileSync(
      join(dir, 'evals.yaml'),
      '- name: "boom\\n::error file=x::boom \\e[31m"\n  utterance: "weather\\n::warning::x"\n  expect: { skill: "\\e[2J" }\n',
    )
    writeFileSync(join(dir, 'routing-tests.yaml'), '- utterance: "weather\\n::error file=y::t \\e]0;t\\a"\n  expect: "\\e[2J"\n')
    return dir
  }
  /** No raw control character (but tab), C1 or bidi override, and no line that a CI runner would read as a workflow command. */
  const expectInert = (lines: string[]) => {
    const text = lines.join('\n')
    // eslint-disable-next-line no-control-regex -- control characters are what must not be printed
    expect(text).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/)
    for (const line of text.split('\n')) expect(line).not.toMatch(/^\s*::/)
  }

  it('escapes names from skills, eval and test files in every command, and keeps JSON output the same value', async () => {
    const dir = hostileFolder()
    const title = '\u001b]0;pwned\u0007'
    const lint = await run(['lint', dir])
    expectInert([...lint.out, ...lint.err])
    expect(lint.out.join('\n')).toContain('The name "\\u001b]0;pwned\\u0007" differs')

    const test = await run(['test', dir])
    expectInert([...test.out, ...test.err])
    expect(test.out[0]).toContain('"weather\\u000a::error file=y::t \\u001b]0;t\\u0007": expected \\u001b[2J, got ')

    const evals = await run(['eval', '--skills', dir])
    expectInert([...evals.out, ...evals.err])
    expect(evals.out.join('\n')).toContain('boom\\u000a::error file=x::boom \\u001b[31m')
    expect(evals.code).toBe(1)

    // Unknown skills: the error lists the folder's skills by name.
    for (const command of ['explain', 'exec']) {
      const missing = await run([command, '--skills', dir, '--skill', '\u001b]0;asked\u0007', 'weather'])
      expect(missing.code).toBe(2)
      expectInert(missing.err)
      expect(missing.err[0]).toContain('no skill named "\\u001b]0;asked\\u0007"')
      expect(missing.err[0]).toContain('\\u001b]8;;https://example.invalid/\\u0007click\\u001b]8;;\\u0007')
    }

    // JSON lines and documents: escaped too, and each parses back to the very names.
    const route = await run(['route', '--skills', dir, 'weather\u009b\u202e'])
    expectInert(route.out)
    expect(JSON.parse(route.out[0]!)).toMatchObject({ input: 'weather\u009b\u202e', winner: title })
    const json = await run(['lint', dir, '--json'])
    expectInert(json.out)
    const findings = (JSON.parse(json.out.join('\n')) as { findings: { message: string }[] }).findings
    expect(findings.map((finding) => finding.message)).toContainEqual(expect.stringContaining(`"${title}"`))
    const report = await run(['eval', '--skills', dir, '--json'])
    expectInert(report.out)
    expect((JSON.parse(report.out.join('\n')) as { cases: { name: string }[] }).cases[0]!.name).toBe(
      'boom\n::error file=x::boom \u001b[31m',
    )
  })
})

describe('the command as a process', () => {
  it('ends quietly when its reader closes the pipe early (route … | head)', async () => {
    const { spawnSync } = await import('node:child_process')
    const lines = Array.from({ length: 20000 }, (_, i) => `计算一下 ${i}`).join('\n')
    const result = spawnSync(
      'bash',
      ['-c', `node ${join(import.meta.dirname, '../../bin/skill-playground.js')} route --skills ${SKILLS} | head -n 1`],
      {
        input: lines,
        encoding: 'utf8',
        timeout: 60_000,
      },
    )
    expect(result.stdout.split('\n').filter(Boolean)).toHaveLength(1)
    expect(result.stderr).not.toContain('EPIPE')
  }, 70_000)
})

describe('what lint is pointed at', () => {
  it('lints a single skill folder as that skill, says when there are no skills, and names a link it will not follow', async () => {
    const { symlinkSync } = await import('node:fs')
    const one = join(mkdtempSync(join(tmpdir(), 'cli-one-')), 'my-skill')
    mkdirSync(one)
    writeFileSync(join(one, 'SKILL.md'), '---\nname: other-name\ndescription: x\n---\nbody\n')
    const single = await run(['lint', one, '--profile', 'strict'])
    expect(single.out.join('\n')).toContain('my-skill/SKILL.md')
    expect(single.out.join('\n')).toContain('name-matches-folder')

    const empty = mkdtempSync(join(tmpdir(), 'cli-empty-'))
    writeFileSync(join(empty, 'README.md'), '# not a skill\n')
    const none = await run(['lint', empty])
    expect(none.code).toBe(1)
    expect(none.err.join('\n')).toContain('No skills found')

    const outside = mkdtempSync(join(tmpdir(), 'cli-outside-'))
    mkdirSync(join(outside, 'secret'))
    writeFileSync(join(outside, 'secret', 'SKILL.md'), '---\nname: secret\n---\nx\n')
    const dir = mkdtempSync(join(tmpdir(), 'cli-links-'))
    mkdirSync(join(dir, 'real'))
    writeFileSync(join(dir, 'real', 'SKILL.md'), '---\nname: real\ndescription: x\n---\nbody\n')
    symlinkSync(join(dir, 'real'), join(dir, 'alias'))
    symlinkSync(join(outside, 'secret'), join(dir, 'escape'))
    const linked = await run(['lint', dir, '--json'])
    expect(JSON.parse(linked.out.join('\n'))).toMatchObject({ skills: 2 })
    expect(linked.err.join('\n')).toContain('escape: skipped (a link that leads outside the folder)')
  })
})

describe('a folder whose links fan out', () => {
  it('reads each folder through one link at most: thirty levels of two links each end at once, the second links named', async () => {
    const { symlinkSync } = await import('node:fs')
    const dir = mkdtempSync(join(tmpdir(), 'cli-fan-'))
    mkdirSync(join(dir, 'real'))
    writeFileSync(join(dir, 'real', 'SKILL.md'), '---\nname: real\ndescription: x\n---\nbody\n')
    // Level i links twice to level i + 1: followed every time, 2^30 folders.
    for (let i = 0; i <= 30; i++) mkdirSync(join(dir, `level${i}`))
    for (let i = 0; i < 30; i++) for (const name of ['a', 'b']) symlinkSync(join(dir, `level${i + 1}`), join(dir, `level${i}`, name))
    const started = Date.now()
    const { code, out, err } = await run(['lint', dir, '--json'])
    expect(Date.now() - started).toBeLessThan(10_000)
    expect(code).toBe(0)
    expect(JSON.parse(out.join('\n'))).toMatchObject({ skills: 1 })
    expect(err).toContain('level0/b: skipped (a second link to a folder already read through a link)')
  })
})

// The example evals include add-calc, whose own Python runs in Pyodide: its first start takes seconds.
describe('skill-playground eval', { timeout: 60_000 }, () => {
  it('runs the example evals with the scripted model, labelled simulated, and writes JUnit', async () => {
    const junit = join(mkdtempSync(join(tmpdir(), 'eval-')), 'junit.xml')
    const { code, out, err } = await run(['eval', '--skills', SKILLS, '--junit', junit])
    expect(err[0]).toMatch(/cases × 1 trial · Scripted \(offline, simulated\) · keyword/)
    expect(out.at(-1)).toMatch(/^(\d+) of \1 cases at or above 100% \(simulated model\)$/)
    expect(code).toBe(0)
    const { readFileSync } = await import('node:fs')
    expect(readFileSync(junit, 'utf8')).toContain('<testsuites name="skill-playground eval"')
  })

  it("ends when an eval's own regex backtracks without end: the assertion fails, stopped at the limit", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'eval-redos-'))
    // The scripted model calls the calculator with the 34 digits; /(\d+)+y/ never matches them, exponentially.
    writeFileSync(
      join(dir, 'evals.yaml'),
      [
        '- name: runaway regexes',
        '  utterance: 计算一下 1234567890123456789012345678901234 + 1 是多少',
        '  expect:',
        "    tool_args: { calculator: { expression: '/(\\d+)+y/' } }",
        "    answer_matches: '/(\\d+)+y/'",
        '',
      ].join('\n'),
    )
    const started = Date.now()
    const { code, out } = await run(['eval', '--skills', SKILLS, '--evals', join(dir, 'evals.yaml')])
    expect(code).toBe(1)
    expect(out.filter((line) => line.includes('ran longer than'))).toEqual([
      '        trial 1: tool_args: calculator {"expression":"/(\\\\d+)+y/"} — the regular expression /(\\d+)+y/ ran longer than 1 s and was stopped',
      '        trial 1: answer_matches: /(\\d+)+y/ — the regular expression /(\\d+)+y/ ran longer than 1 s and was stopped',
    ])
    expect(Date.now() - started).toBeLessThan(15_000)
  })

  it('reports problems in the file at their line, and exits 1', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'eval-bad-'))
    writeFileSync(join(dir, 'evals.yaml'), '- name: x\n  utterance: hi\n  expect: { answer_matches: "/(/" }\n')
    const { code, err } = await run(['eval', '--skills', SKILLS, '--evals', join(dir, 'evals.yaml')])
    expect(code).toBe(1)
    expect(err).toEqual([`${join(dir, 'evals.yaml')}:3:1 error "/(/" is not a valid regular expression.`])
  })

  it('against an OpenAI-compatible server: a flaky case passes 2 of 3 trials, and a 429 is retried after Retry-After', async () => {
    const { FakeOpenAI } = await import('../../e2e/fakeOpenAI')
    const upstream = new FakeOpenAI()
    const { createServer } = await import('node:net')
    const probe = createServer()
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve))
    const port = (probe.address() as { port: number }).port
    await new Promise((resolve) => probe.close(resolve))
    await upstream.start(port)
    try {
      upstream.script(
        { kind: 'status', status: 429, message: 'slow down', retryAfter: 1 },
        { kind: 'text', text: 'Yes, it is.' },
        { kind: 'text', text: 'No idea.' },
        { kind: 'text', text: 'Yes.' },
      )
      const dir = mkdtempSync(join(tmpdir(), 'eval-openai-'))
      writeFileSync(join(dir, 'evals.yaml'), '- name: says yes\n  utterance: hello there\n  expect: { answer_contains: ["yes"] }\n')
      const out: string[] = []
      const started = Date.now()
      const { evalArgs, evalCommand } = await import('./evalCommand')
      const code = await evalCommand(
        evalArgs(
          new Map<string, string | true>([
            ['skills', SKILLS],
            ['evals', join(dir, 'evals.yaml')],
            ['model', 'openai'],
            ['trials', '3'],
            ['concurrency', '1'],
            ['json', true],
          ]),
        ),
        { out: (line) => out.push(line), err: () => {}, lines: async function* () {} },
        { OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: `http://127.0.0.1:${port}/v1`, OPENAI_MODEL: 'test-model' },
      )
      expect(code).toBe(1)
      const report = JSON.parse(out.join('\n')) as {
        simulated: boolean
        cases: {
          name: string
          trials: number
          passed: number
          passRate: number
          interval: number[]
          flaky: boolean
          failures: { assertion: string }[]
        }[]
      }
      expect(report.simulated).toBe(false)
      expect(report.cases[0]).toMatchObject({
        name: 'says yes',
        trials: 3,
        passed: 2,
        flaky: true,
        failures: [{ assertion: 'answer_contains: yes' }],
      })
      expect(report.cases[0]!.interval[1]).toBeLessThan(1)
      expect(upstream.requests).toHaveLength(4)
      // Cost from the API's own counts: 3 answered calls of 100 in and 7 out.
      expect((JSON.parse(out.join('\n')) as { tokens: unknown }).tokens).toEqual({ input: 300, output: 21 })
      expect(Date.now() - started).toBeGreaterThanOrEqual(900)
    } finally {
      await upstream.stop()
    }
  }, 30_000)
})

describe('route --only-scored and --top', () => {
  it('prints only the skills that scored, best first, at most N', async () => {
    const { out } = await run(['route', '--skills', SKILLS, '--top', '1', '计算一下 2^20 是多少'])
    const result = JSON.parse(out[0]!) as { winner: string; scores: { skill: string }[] }
    expect(result.scores.map((score) => score.skill)).toEqual([result.winner])
    const all = JSON.parse((await run(['route', '--skills', SKILLS, '--only-scored', '规划一下 计算 天气'])).out[0]!) as {
      scores: { final: number | null }[]
    }
    expect(all.scores.length).toBeGreaterThan(1)
    expect(all.scores.every((score) => score.final !== null)).toBe(true)
  })
})

describe('skill-playground exec', { timeout: 60_000 }, () => {
  it('refuses arguments nested thousands deep with a clear error and exit 1, and the process ends', async () => {
    const { spawnSync } = await import('node:child_process')
    const dir = mkdtempSync(join(tmpdir(), 'exec-deep-'))
    mkdirSync(join(dir, 'open'))
    // No parameters: any object passes the schema, so only the nesting limit stands in the way.
    writeFileSync(join(dir, 'open/SKILL.md'), '---\nname: open\n---\nTakes anything.\n')
    writeFileSync(join(dir, 'open/skill.py'), 'def run(args):\n    return 1\n')
    const deep = `{"a": ${'['.repeat(5000)}${']'.repeat(5000)}}`
    const inProcess = await run(['exec', '--skills', dir, '--skill', 'open', '--args', deep])
    expect(inProcess.code).toBe(1)
    expect(JSON.parse(inProcess.out[0]!)).toMatchObject({
      error: { type: 'invalid-arguments', message: 'The arguments nest deeper than 64 levels.' },
    })
    const started = Date.now()
    const child = spawnSync(
      process.execPath,
      [join(import.meta.dirname, '../../bin/skill-playground.js'), 'exec', '--skills', dir, '--skill', 'open', '--args', deep],
      { encoding: 'utf8', timeout: 30_000, env: { ...process.env, SKILL_PLAYGROUND_FROM_SOURCE: '1' } },
    )
    expect(child.signal).toBeNull()
    expect(child.status).toBe(1)
    expect(child.stdout).toContain('nest deeper than 64 levels')
    expect(child.stderr).not.toContain('Maximum call stack')
    expect(Date.now() - started).toBeLessThan(20_000)
  })

  it("runs the example add-calc's skill.py (which imports tool.py) and prints the result as JSON", async () => {
    const { code, out } = await run(['exec', '--skills', SKILLS, '--skill', 'add-calc', '--args', '{"numbers": [3, 5, 8]}'])
    expect(code).toBe(0)
    expect(JSON.parse(out[0]!)).toMatchObject({ result: { numbers: [3, 5, 8], result: 16, user_message: '3 + 5 + 8 = 16' }, stdout: '' })
  })

  it('exits 1 with a JSON error on arguments that do not match the parameters, before running anything', async () => {
    const { code, out } = await run(['exec', '--skills', SKILLS, '--skill', 'add-calc', '--args', '{"numbers": [3]}'])
    expect(code).toBe(1)
    expect(JSON.parse(out[0]!)).toMatchObject({ error: { type: 'invalid-arguments', message: expect.stringContaining('too few items') } })
    expect((await run(['exec', '--skills', SKILLS, '--skill', 'calculator'])).out[0]).toContain('"type":"no-code"')
  })

  it('exits 1 with the traceback on an exception, and on a time-out', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'exec-'))
    mkdirSync(join(dir, 'loop'))
    writeFileSync(join(dir, 'loop/SKILL.md'), '---\nname: loop\n---\nLoops.\n')
    writeFileSync(
      join(dir, 'loop/skill.py'),
      'def run(args):\n    if args.get("fail"):\n        raise ValueError("bad input")\n    while True:\n        pass\n',
    )
    const failed = await run(['exec', '--skills', dir, '--skill', 'loop', '--args', '{"fail": true}'])
    expect(failed.code).toBe(1)
    expect(JSON.parse(failed.out[0]!)).toMatchObject({
      error: { type: 'exception', message: 'ValueError: bad input' },
      traceback: expect.stringContaining('File "skill.py", line 3, in run'),
    })
    const slow = await run(['exec', '--skills', dir, '--skill', 'loop', '--timeout', '1'])
    expect(slow.code).toBe(1)
    expect(JSON.parse(slow.out[0]!)).toMatchObject({ error: { type: 'timeout', message: 'The code ran longer than 1 s and was stopped.' } })
  })
})

describe('skill-playground <command> --help', () => {
  it.each(['open', 'lint', 'route', 'test', 'explain', 'eval', 'triggers', 'exec'])(
    '%s --help prints that command’s usage and runs nothing',
    async (command) => {
      const { code, out, err } = await run([command, '--help'])
      expect(code).toBe(0)
      expect(err).toEqual([])
      expect(out[0]).toBe('Usage:')
      expect(out[1]).toMatch(new RegExp(`^  skill-playground ${command} `))
      expect(out.join('\n')).not.toMatch(/skill-playground (?!\w+ )/)
      expect(out.filter((line) => line.startsWith('  skill-playground '))).toHaveLength(1)
    },
  )

  it('-h after -- is an argument, not a request for help', async () => {
    const { code, out } = await run(['route', '--skills', SKILLS, '--', '-h'])
    expect(code).toBe(0)
    expect(JSON.parse(out[0] ?? '{}')).toMatchObject({ input: '-h' })
  })
})
