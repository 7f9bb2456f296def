#!/usr/bin/env node
// Runs the prebuilt CLI (dist-cli/, built by `npm run build` and on `npm ci`); from src/ through
// tsx when there is none or the sources are newer (a developer's edit), so it is never stale.
import { readFileSync, statSync } from 'node:fs'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { join } from 'node:path'

const root = fileURLToPath(new URL('..', import.meta.url))
const bundle = join(root, 'dist-cli/skill-playground.mjs')

/** Whether the bundle is newer than every source it was built from (the build lists them). */
function bundleIsFresh() {
  if (process.env.SKILL_PLAYGROUND_FROM_SOURCE) return false
  try {
    const built = statSync(bundle).mtimeMs
    const sources = JSON.parse(readFileSync(join(root, 'dist-cli/sources.json'), 'utf8'))
    // An installed package ships no src/: nothing to compare with.
    return sources.every((path) => (statSync(join(root, path), { throwIfNoEntry: false })?.mtimeMs ?? 0) <= built)
  } catch {
    return false
  }
}

// A file address built by Node: a folder named with `#` or `%` (a user's project) stays one path.
if (bundleIsFresh()) await import(pathToFileURL(bundle).href)
else {
  // tsx is a development dependency: only a clone has it (and the sources it runs).
  const tsx = await import('tsx/esm/api').catch(() => null)
  if (!tsx) {
    console.error(`skill-playground: no built CLI in ${join(root, 'dist-cli')}: run \`npm run build\` in ${root}.`)
    process.exit(1)
  }
  tsx.register()
  await import('../src/cli/main.ts')
}
