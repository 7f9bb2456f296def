import { describe, expect, it } from 'vitest'
import { createScriptedModel } from '../../core/agent'
import type { Translator } from '../i18n/i18n'
import { zh } from '../i18n/zh'
import { shownModelLabel } from './shownModelLabel'

// The Chinese catalog, filled in the way i18next fills it.
const t = ((key: string, params: Record<string, string | number> = {}) => {
  const template = key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], zh)
  return String(template).replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(params[name]))
}) as unknown as Translator['t']

describe('a recorded model label in the Chinese interface (issue 35 defect 4)', () => {
  it('names the scripted model in Chinese, offline or replaying a script', () => {
    expect(shownModelLabel(createScriptedModel().label, t)).toBe('脚本模型（离线）')
    expect(shownModelLabel(createScriptedModel([{ text: 'hi' }]).label, t)).toBe('脚本模型（重放你的脚本）')
  })

  it('puts an eval side’s routing mode and “(current)” into Chinese, and leaves a real model’s name alone', () => {
    expect(shownModelLabel('Scripted (offline) · keyword', t)).toBe('脚本模型（离线） · 关键词路由')
    expect(shownModelLabel('calc/SKILL.md (current)', t)).toBe('calc/SKILL.md（当前）')
    expect(shownModelLabel('gpt-4.1-mini · progressive', t)).toBe(`gpt-4.1-mini · ${zh.run.modes.progressive}`)
    expect(shownModelLabel('gpt-4.1-mini', t)).toBe('gpt-4.1-mini')
    expect(shownModelLabel('my-model · fast', t)).toBe('my-model · fast')
  })
})
