/**
 * Builds the production server (server/serve.ts) into plain JavaScript in dist-server/, so an
 * installed package runs it with `node`, without tsx or TypeScript (docs/install.md). Run by
 * `npm run build` and by `prepare` (so `npm ci` and `npm pack` leave it ready).
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'

const root = join(import.meta.dirname, '..')
let esbuild
try {
  esbuild = await import('esbuild')
} catch {
  // Without esbuild (a production-only install) there is nothing to build from; `open` says so if it needs it.
  console.log('buildServer: esbuild is not installed; the server was not built.')
  process.exit(0)
}

const out = join(root, 'dist-server')
rmSync(out, { recursive: true, force: true })
mkdirSync(out, { recursive: true })
const built = await esbuild.build({
  entryPoints: [
    { in: join(root, 'server/serve.ts'), out: 'serve' },
    // web_fetch's reader runs in a worker that server/liveTools/readableTextInWorker.ts finds beside it.
    { in: join(root, 'server/liveTools/readableTextWorker.ts'), out: 'readableTextWorker' },
  ],
  outdir: out,
  // One file per entry: the worker's address is relative to the module that starts it, so no chunks.
  splitting: false,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  // Every library is bundled: the installed package needs none of them at run time.
  banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
  logLevel: 'warning',
  legalComments: 'none',
  metafile: true,
  absWorkingDir: root,
})
// The sources it was built from: `skill-playground open` runs the server from source when one of
// them is newer than this build (a developer's edit), as bin/skill-playground.js does for the CLI.
const sources = Object.keys(built.metafile.inputs).filter((path) => path.startsWith('server/') || path.startsWith('src/'))
writeFileSync(join(out, 'sources.json'), JSON.stringify(sources))
