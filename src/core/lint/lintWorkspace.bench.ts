import { bench, describe } from 'vitest'
import { parseSkill, type Skill, type SkillFile } from '../skill'
import { createLintCache, lintWorkspace } from './index'

// 1,000 generated skills: what the editor re-checks on a keystroke in one of them.
const files: SkillFile[] = Array.from({ length: 1000 }, (_, i) => ({
  path: `skill_${String(i).padStart(4, '0')}/SKILL.md`,
  text: `---\nname: skill_${String(i).padStart(4, '0')}\ndescription: Does task ${i} for the user. Use it when they ask for task ${i}; do not use it for anything else.\ntrigger_keywords: [task${i}, 任务${i}, job ${i % 50}, plan, 规划${i % 7}]\nrequired_tools: [calculator, file_read]\nmax_rounds: 4\n---\n## You handle task ${i}\n\nSteps go here.\n`,
}))

const parsed = new Map<string, Skill>()
const parse = (path: string, text: string) => {
  const key = `${path}\u0000${text}`
  let skill = parsed.get(key)
  if (!skill) parsed.set(key, (skill = parseSkill(path, text)))
  return skill
}
const cache = createLintCache()
lintWorkspace(files, { cache, parse })
let keystroke = 0

describe('lint 1,000 skills', () => {
  bench('after a keystroke in one skill (per-skill cache, as the editor does)', () => {
    keystroke++
    const edited = files.map((file, i) => (i === 500 ? { ...file, text: file.text + 'x'.repeat(keystroke % 5) } : file))
    lintWorkspace(edited, { cache, parse })
  })
  bench('from scratch (no cache)', () => {
    lintWorkspace(files, { parse })
  })
})
