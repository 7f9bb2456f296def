/**
 * Comments say why the code is the way it is; a measured duration in one goes stale as the code
 * and the machine change, so the figure lives in docs/bench.md ("Figures behind the code's
 * comments") with its date and the command that measures it again. This test reads every comment
 * in src/ and server/ and fails on one that quotes a duration, unless the comment names a
 * configured limit (a default, a time-out) and is listed below with the reason.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join, relative, resolve } from 'node:path'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'

const ROOT = resolve(import.meta.dirname, '../..')
const SCANNED = ['src', 'server']

/**
 * A number followed by a unit of time: milli-, micro- and nanoseconds, seconds (written out or as
 * `s`) and minutes, also when the comment's line breaks between the two. A number glued to letters
 * or a dot before it (`v8`, `.5`) is part of a name.
 */
const DURATION =
  /(?<![\w.])\d[\d,.]*(?:[ \t]?|[ \t]*\n[ \t]*(?:\*(?!\/)|\/\/)?[ \t]*)(?:ms|µs|ns|milliseconds?|microseconds?|seconds?|secs?|minutes?|mins?|s)\b/g
/** A comment's line break with the next line's `*` or `//`. */
const LINE_BREAK = /[ \t]*\n[ \t]*(?:\*(?!\/)|\/\/)?[ \t]*/g

/** Comments that quote a duration but no measurement; each quote is the smallest span that holds it. */
const ALLOWED: { file: string; quote: string; why: string }[] = [
  {
    file: 'src/core/code/codeRun.ts',
    quote: 'seed 001: 30 s',
    why: 'the default run time the seed article gives a local tool: the limit the constant below it sets, not a measurement',
  },
  {
    file: 'src/cli/evalCommand.ts',
    quote: '429s are retried',
    why: 'HTTP 429 answers in the plural, not seconds',
  },
]

interface Comment {
  file: string
  line: number
  text: string
}

/** Where in the text strings, templates, regular expressions and JSX text are: what looks like a comment there is not one. */
function literalRanges(source: ts.SourceFile): [number, number][] {
  const ranges: [number, number][] = []
  const visit = (node: ts.Node) => {
    if (
      ts.isStringLiteral(node) ||
      ts.isNoSubstitutionTemplateLiteral(node) ||
      ts.isTemplateHead(node) ||
      ts.isTemplateMiddle(node) ||
      ts.isTemplateTail(node) ||
      ts.isRegularExpressionLiteral(node) ||
      ts.isJsxText(node)
    )
      ranges.push([node.getStart(source), node.end])
    node.forEachChild(visit)
  }
  visit(source)
  return ranges
}

/** The comments of one file (a run of `//` lines is one), each with the line it starts on. */
function commentsIn(file: string, text: string): Comment[] {
  const kind = file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, kind)
  // Literals become spaces (line breaks kept, for the line numbers): what is left of `//` or `/*` starts a comment.
  const code = text.split('')
  for (const [start, end] of literalRanges(source)) for (let at = start; at < end; at++) if (code[at] !== '\n') code[at] = ' '
  const blanked = code.join('')
  return [...blanked.matchAll(/\/\/[^\n]*(?:\n[ \t]*\/\/[^\n]*)*|\/\*[\s\S]*?\*\//g)].map((match) => ({
    file,
    line: source.getLineAndCharacterOfPosition(match.index).line + 1,
    text: text.slice(match.index, match.index + match[0].length),
  }))
}

/** The durations a comment quotes that no entry of `ALLOWED` explains, each with its line. */
function quotedDurations(comment: Comment, allowed = ALLOWED): { line: number; duration: string }[] {
  const excused = allowed.filter((entry) => entry.file === comment.file && comment.text.includes(entry.quote))
  return [...comment.text.matchAll(DURATION)]
    .map((match) => ({
      line: comment.line + comment.text.slice(0, match.index).split('\n').length - 1,
      duration: match[0].replace(LINE_BREAK, ' '),
    }))
    .filter(({ duration }) => !excused.some((entry) => entry.quote.includes(duration)))
}

function sourceFiles(folder: string): string[] {
  return readdirSync(join(ROOT, folder), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name))
    .map((entry) => relative(ROOT, join(entry.parentPath, entry.name)).split('\\').join('/'))
    .filter((file) => !file.split('/').includes('testdata'))
}

describe('comments that quote a measured duration', () => {
  it('are found in line and block comments, and not in strings, templates, regular expressions or JSX text', () => {
    const text = [
      '// this takes 12 ms',
      "const label = 'a reply in 3 s // not a comment'",
      'const shown = `${label} took 40 ms /* nor this */`',
      'const pattern = /\\/\\/ 5 ms/',
      'const view = <p>// 7 seconds of text</p>',
      '/**',
      ' * Parsing took 0.08–0.25 ms, and the whole run 1.5s;',
      ' * 2 skills and 10 KB are not durations.',
      ' */',
      'const ratio = 4 / 2 // halved, in 250 µs',
      '// A save after typing took 140',
      '// ms of the page; 2 seconds',
      'const later = 1',
    ].join('\n')
    expect(commentsIn('probe.tsx', text).flatMap((comment) => quotedDurations(comment, []))).toEqual([
      { line: 1, duration: '12 ms' },
      { line: 7, duration: '0.25 ms' },
      { line: 7, duration: '1.5s' },
      { line: 10, duration: '250 µs' },
      { line: 11, duration: '140 ms' },
      { line: 12, duration: '2 seconds' },
    ])
  })

  it('pass a configured limit only where the list says so, and only that quote', () => {
    const allowed = [{ file: 'a.ts', quote: 'default: 30 s', why: 'a configured limit' }]
    const durations = (file: string, text: string) => quotedDurations({ file, line: 1, text }, allowed).map(({ duration }) => duration)
    expect(durations('a.ts', '// The default: 30 s.')).toEqual([])
    expect(durations('b.ts', '// The default: 30 s.')).toEqual(['30 s'])
    expect(durations('a.ts', '// The default: 30 s; a run took 12 ms.')).toEqual(['12 ms'])
  })

  // Only a file with a duration anywhere in it can have one in a comment: the rest are not parsed.
  const comments = SCANNED.flatMap(sourceFiles)
    .map((file) => ({ file, text: readFileSync(join(ROOT, file), 'utf8') }))
    .filter(({ text }) => new RegExp(DURATION.source).test(text))
    .flatMap(({ file, text }) => commentsIn(file, text))

  it('are none in src/ and server/: the figure lives in docs/bench.md, the comment says why', () => {
    const offending = comments.flatMap((comment) =>
      quotedDurations(comment).map(({ line, duration }) => `${comment.file}:${line}: ${duration}`),
    )
    expect(offending).toEqual([])
  })

  it('keep every allowed quote in use (a stale entry is removed)', () => {
    for (const entry of ALLOWED) {
      expect(entry.why).not.toBe('')
      expect(
        comments.some((comment) => comment.file === entry.file && comment.text.includes(entry.quote)),
        entry.file,
      ).toBe(true)
    }
  })
})
