/**
 * `npm pack` / `npm publish` (prepack): the package ships everything built, since it runs where no
 * development dependency is installed (docs/install.md). The CLI and the server are rebuilt each
 * time (esbuild); the page (dist/) is built when it is missing, and a page older than its sources
 * is reported, since a full page build is the slow part (`npm run build` before a release).
 */
import { spawnSync } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'

const root = join(import.meta.dirname, '..')
const node = (...args) => {
  // Everything to standard error: `npm pack --json` prints its answer on standard output.
  const result = spawnSync(process.execPath, args, { cwd: root, stdio: ['ignore', 2, 2] })
  if (result.status !== 0) process.exit(result.status ?? 1)
}

node('scripts/buildCli.mjs')
node('scripts/buildServer.mjs')

const page = join(root, 'dist/index.html')
if (!existsSync(page)) {
  console.error('preparePackage: no built page in dist/: building it (vite build)…')
  node('node_modules/vite/bin/vite.js', 'build')
} else {
  const builtAt = statSync(page).mtimeMs
  const newer = (dir) =>
    readdirSync(join(root, dir), { withFileTypes: true, recursive: true }).find(
      (entry) => entry.isFile() && statSync(join(entry.parentPath, entry.name)).mtimeMs > builtAt,
    )
  const stale = ['src', 'public'].map((dir) => existsSync(join(root, dir)) && newer(dir)).find(Boolean)
  if (stale)
    console.error(
      `preparePackage: dist/ is older than ${join(stale.parentPath, stale.name).slice(root.length + 1)}: the package ships that older page. Run \`npm run build\` first for a release.`,
    )
}
