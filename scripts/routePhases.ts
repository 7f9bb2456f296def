/**
 * The CLI's `route --top 5` step by step inside one cold process, for `npm run bench` to set
 * beside the seed's Python timed the same way (scripts/seedRouter.py --time): the whole-process
 * figure hides where the time goes behind each interpreter's start. Prints the phases' times as JSON
 * on standard error. Usage: node <this, bundled> <skills dir> < utterances
 */
import { readFileSync } from 'node:fs'
import { readSkillsDir } from '../src/cli/readSkillsDir'
import { createRouter, topScores } from '../src/core/routing'
import { loadWorkspace } from '../src/core/skill'

const started = performance.now()
const files = readSkillsDir(process.argv[2] ?? '.')
const read = performance.now()
const { skills } = loadWorkspace(files)
const parsed = performance.now()
const router = createRouter(skills)
const compiled = performance.now()
let printed = 0
for (const line of readFileSync(0, 'utf8').split('\n')) {
  const result = router(line)
  printed += JSON.stringify(topScores(result, Math.min(5, result.scored))).length
}
const routed = performance.now()
process.stderr.write(
  JSON.stringify({
    start: started,
    read: read - started,
    parse: parsed - read,
    compile: compiled - parsed,
    route: routed - compiled,
    printed,
  }),
)
