/**
 * Accessible names follow the interface language (issue 35 item 5): a screen reader in the Chinese
 * interface reads Chinese. This scan of the page's source fails on a name written so that it stays
 * English in every language: a literal aria-label, alt or aria-description with English words in
 * it, or the English catalog looked up on purpose. The page itself is checked in Chinese by
 * e2e/chinese-names.spec.ts.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { describe, expect, it } from 'vitest'

const UI = join(import.meta.dirname, '..')

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return sources(path)
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : []
  })
}

const NAMED = '(?:aria-label|aria-description|aria-roledescription|aria-valuetext|alt)'
/** A word a reader would read: two Latin letters or more. */
const englishWord = /[A-Za-z]{2,}/

/** Every place in `text` where an accessible name is written so that it cannot follow the language. */
export function englishNames(text: string): string[] {
  const found: string[] = []
  const lineOf = (index: number) => text.slice(0, index).split('\n').length
  // aria-label="Skills"
  for (const match of text.matchAll(new RegExp(`${NAMED}="([^"]*)"`, 'g')))
    if (englishWord.test(match[1]!)) found.push(`${lineOf(match.index)}: ${match[0]}`)
  // aria-label={'Skills'} or aria-label={`${name} (from ${skill})`}: the text outside ${…}
  for (const match of text.matchAll(new RegExp(`${NAMED}=\\{\\s*(['\`])((?:\\\\.|(?!\\1).)*)\\1\\s*\\}`, 'g')))
    if (englishWord.test(match[2]!.replace(/\$\{[^}]*\}/g, ''))) found.push(`${lineOf(match.index)}: ${match[0]}`)
  // The English catalog looked up on purpose: en('…'), getFixedT('en'), lng: 'en' in a t() call.
  for (const match of text.matchAll(/(?<![\w.$])en\(|getFixedT\(\s*['"]en['"]|lng:\s*['"]en['"]/g))
    found.push(`${lineOf(match.index)}: ${match[0]}`)
  return found
}

describe('accessible names follow the interface language', () => {
  it('no name in the page is written in English only', () => {
    const offenders = sources(UI).flatMap((path) =>
      path.endsWith(join('i18n', 'i18n.ts'))
        ? []
        : englishNames(readFileSync(path, 'utf8')).map((where) => `${relative(UI, path)}:${where}`),
    )
    expect(offenders).toEqual([])
  })

  it('catches the ways an English-only name has been written', () => {
    expect(englishNames('<nav aria-label="Skills panel">')).toHaveLength(1)
    expect(englishNames("<img alt={'Chart'} />")).toHaveLength(1)
    expect(englishNames('<details aria-label={`${name} (from ${skill})`}>')).toHaveLength(1)
    expect(englishNames("<button aria-label={en('form.undo')}>")).toHaveLength(1)
    expect(englishNames("const english = i18n.getFixedT('en')")).toHaveLength(1)
  })

  it('lets through names that follow the language, and names with no words in them', () => {
    expect(englishNames("<button aria-label={t('form.undo')}>")).toEqual([])
    expect(englishNames('<img alt="" />')).toEqual([])
    expect(englishNames('<span aria-label={`${label}: ${value}`}>')).toEqual([])
    expect(englishNames("<p aria-label={say(message)}>{screen('x')}</p>")).toEqual([])
  })
})
