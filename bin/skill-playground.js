#!/usr/bin/env node
// Runs the prebuilt CLI (dist-cli/, built by `npm run build` and on `npm ci`); from src/ through
// tsx when there is none or the sources are newer (a developer's edit), so it is never stale.
import { existsSync, readdirSync, statSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { join } from 'node:path'

const root = fileURLToPath(new URL('..', import.meta.url))
const bundle = join(root, 'dist-cli/skill-playground.mjs')

function newestSource(dir) {
  let newest = 0
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) newest = Math.max(newest, newestSource(path))
    else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts')) newest = Math.max(newest, statSync(path).mtimeMs)
  }
  return newest
}

const fresh =
  existsSync(bundle) &&
  !process.env.SKILL_PLAYGROUND_FROM_SOURCE &&
  // Only the folders the CLI is built from: src/ui and src/state are not in it.
  ['cli', 'core', 'adapters'].every(
    (dir) => !existsSync(join(root, 'src', dir)) || statSync(bundle).mtimeMs >= newestSource(join(root, 'src', dir)),
  )
if (fresh) await import(new URL(`file://${bundle}`).href)
else {
  const { register } = await import('tsx/esm/api')
  register()
  await import('../src/cli/main.ts')
}
