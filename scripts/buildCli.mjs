/**
 * Builds the CLI into one ES module (dist-cli/skill-playground.mjs) so `skill-playground` starts
 * without transpiling TypeScript (docs/architecture.md, "The CLI"). Run by `npm run build`, by
 * `postprepare` (so `npm ci` leaves it ready) and by `prepack` (the package ships it: docs/install.md).
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'

const root = join(import.meta.dirname, '..')
let esbuild
try {
  esbuild = await import('esbuild')
} catch {
  // Without esbuild (a clone installed without its development dependencies) there is nothing to build with.
  console.log('buildCli: esbuild is not installed; the CLI was not built.')
  process.exit(0)
}
/**
 * As in the app (vite.config.ts): the CLI always passes its own engines to gray-matter
 * (src/core/yaml/splitSkillFile.ts), so the built-in ones are dead code. Dropping them keeps
 * js-yaml, and the esprima it loads for `---js`, out of every start (15 ms of a 180 ms `route`).
 */
const dropGrayMatterEngines = {
  name: 'drop-gray-matter-engines',
  setup(build) {
    build.onLoad({ filter: /[\\/]gray-matter[\\/]lib[\\/]engines\.js$/ }, () => ({ contents: 'module.exports = {}', loader: 'js' }))
  },
}

rmSync(join(root, 'dist-cli'), { recursive: true, force: true })
mkdirSync(join(root, 'dist-cli'), { recursive: true })
const built = await esbuild.build({
  // The CLI, and the process a skill's code runs in (src/cli/nodeCodeRunner.ts finds it beside the CLI).
  entryPoints: [
    { in: join(root, 'src/cli/main.ts'), out: 'skill-playground' },
    { in: join(root, 'src/cli/pythonChild.ts'), out: 'python-child' },
  ],
  outdir: join(root, 'dist-cli'),
  outExtension: { '.js': '.mjs' },
  // Code loaded on demand (the agent loop, the tools, the SDK) stays in its own chunks, as in the app.
  splitting: true,
  chunkNames: 'chunks/[name]-[hash]',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  // Libraries are bundled too (resolving a few hundred CommonJS files cost more than the code), except
  // sql.js, which finds its .wasm beside itself; browser-only paths (the ?url import) are never reached.
  // Pyodide, like sql.js, loads its .wasm and standard library from beside itself. esbuild is only
  // for running from source (nodeCodeRunner.ts bundles the sandbox's script when there is no
  // prebuilt one); the bundle has its python-child.mjs and never loads it.
  external: ['sql.js', 'pyodide', 'esbuild', '*?url'],
  // Bundled CommonJS calls require() for Node's built-ins; give the ES module one.
  banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
  logLevel: 'warning',
  legalComments: 'none',
  plugins: [dropGrayMatterEngines],
  metafile: true,
  absWorkingDir: root,
})
// The sources the bundle was built from: bin/skill-playground.js runs from source when one of them
// is newer than the bundle (a developer's edit), checking exactly these instead of walking src/.
const sources = Object.keys(built.metafile.inputs).filter((path) => path.startsWith('src/'))
writeFileSync(join(root, 'dist-cli/sources.json'), JSON.stringify(sources))
