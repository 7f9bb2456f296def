import { describe, expect, it } from 'vitest'
import { skillOrigins } from '../../core/skill'
import type { Translator } from '../i18n/i18n'
import { originsList, originsRead } from './SkillOrigins'

// The catalog's English, filled in: enough to read what the banner and the import report say.
const EN: Record<string, string> = { 'skillFolders.other': 'other folders', 'skillFolders.imported': '; read from {{list}}' }
const t = ((key: string, params: Record<string, string> = {}) =>
  (EN[key] ?? key).replace(/\{\{(\w+)\}\}/g, (_, name: string) => params[name] ?? '')) as unknown as Translator['t']

describe('which skill folders a workspace came from', () => {
  it('names each client folder with its count, in the clients’ order, then the others', () => {
    const paths = ['skills/y/SKILL.md', '.claude/skills/x/SKILL.md', '.claude/skills/z/SKILL.md', 'tools/w/SKILL.md']
    expect(originsList(skillOrigins(paths), t)).toBe('.claude/skills (2), skills (1), other folders (1)')
  })

  it('says nothing for a plain skills folder (no client folder among the paths)', () => {
    expect(originsList(skillOrigins(['calc/SKILL.md', 'weather.md']), t)).toBe('')
    expect(originsRead(['calc/SKILL.md'], t)).toBe('')
  })

  it('the import report counts skills only, not the scripts beside them', () => {
    expect(originsRead(['.agents/skills/a/SKILL.md', '.agents/skills/a/scripts/run.py', 'skills/b/SKILL.md'], t)).toBe(
      '; read from .agents/skills (1), skills (1)',
    )
  })
})
