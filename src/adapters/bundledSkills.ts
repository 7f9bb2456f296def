import type { SkillFile } from '../core/skill'

// The repo's skills/ folder, bundled at build time: what a first visit starts from.
// A skill's code (skill.py, tool.py, schema.json) comes with it: docs/skill-code.md.
const modules = import.meta.glob(
  [
    '/skills/**/*.md',
    '/skills/routing-tests.yaml',
    '/skills/evals.yaml',
    '/skills/*/evals/evals.json',
    '/skills/*/*.py',
    '/skills/*/schema.json',
  ],
  {
    query: '?raw',
    import: 'default',
    eager: true,
  },
)

export function bundledSkillFiles(): SkillFile[] {
  return Object.entries(modules).map(([path, text]) => ({ path: path.replace(/^\/skills\//, ''), text: String(text) }))
}
