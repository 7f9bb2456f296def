#!/usr/bin/env node
// Runs the prebuilt CLI (dist-cli/, built by `npm run build` and on `npm ci`); from src/ through
// tsx when there is none or the sources are newer (a developer's edit), so it is never stale.
import { readFileSync, statSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
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

if (bundleIsFresh()) await import(new URL(`file://${bundle}`).href)
else {
  const { register } = await import('tsx/esm/api')
  register()
  await import('../src/cli/main.ts')
}
