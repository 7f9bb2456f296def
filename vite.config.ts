import react from '@vitejs/plugin-react'
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import { defineConfig, loadEnv, type Plugin } from 'vite'
import { McpHub, mcpHubOptionsFrom, readMcpConfig } from './server/mcp/mcpHub'
import { createOpenAIProxy, proxySettingsFrom } from './server/openaiProxy'
import { createToolsApi, liveToolSettingsFrom } from './server/toolsApi'
import { createFeaturesAnswer } from './server/featuresAnswer'
import { STATIC_FEATURES, SERVER_FEATURES_PATH } from './src/core/hosting'

/**
 * gray-matter's built-in engines include one that `eval`s `---js` frontmatter. The app always
 * passes its own engines (src/core/yaml/splitSkillFile.ts), so the built-ins are dead code in the
 * browser: this drops them, and the eval with them, from the bundle.
 */
function dropGrayMatterEngines(): Plugin {
  return {
    name: 'drop-gray-matter-engines',
    enforce: 'pre',
    load(id) {
      return id.replace(/\\/g, '/').endsWith('/gray-matter/lib/engines.js') ? 'module.exports = {}' : null
    },
  }
}

/**
 * Writes .br and .gz beside every compressible file of the build, so the server (sirv) sends
 * them to browsers that accept them without compressing on each request. Brotli at its highest
 * quality: compressed once at build (about 20 s more), sent on every visit (7% fewer bytes).
 */
function precompress(): Plugin {
  let outDir = 'dist'
  return {
    name: 'precompress',
    apply: 'build',
    configResolved: (config) => void (outDir = config.build.outDir),
    closeBundle: () => {
      const walk = (dir: string): string[] =>
        readdirSync(dir).flatMap((name) => (statSync(join(dir, name)).isDirectory() ? walk(join(dir, name)) : [join(dir, name)]))
      for (const file of walk(outDir)) {
        if (!/\.(js|mjs|css|html|json|wasm|svg|txt|map)$/.test(file) || statSync(file).size < 1024) continue
        const data = readFileSync(file)
        writeFileSync(
          `${file}.br`,
          brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY } }),
        )
        writeFileSync(`${file}.gz`, gzipSync(data, { level: 9 }))
      }
    },
  }
}

/** Pyodide's runtime files, served at pyodide/ beside index.html (src/adapters/pythonSandbox.ts). */
const PYODIDE_FILES = ['pyodide.asm.mjs', 'pyodide.asm.wasm', 'python_stdlib.zip', 'pyodide-lock.json']
const pyodideDir = join(import.meta.dirname, 'node_modules/pyodide')
const PYODIDE_TYPES: Record<string, string> = {
  mjs: 'text/javascript',
  wasm: 'application/wasm',
  zip: 'application/zip',
  json: 'application/json',
}

/**
 * The app serves Pyodide itself (no CDN): copied into the build at pyodide/, and served from
 * node_modules by the dev server. Nothing of it loads until a skill's code runs.
 */
function pyodideAssets(): Plugin {
  return {
    name: 'pyodide-assets',
    configureServer: (server) => {
      server.middlewares.use((request, response, next) => {
        const name = /\/pyodide\/([\w.-]+)$/.exec(request.url?.split('?')[0] ?? '')?.[1]
        if (!name || !PYODIDE_FILES.includes(name)) return next()
        response.setHeader('Content-Type', PYODIDE_TYPES[name.split('.').pop() ?? ''] ?? 'application/octet-stream')
        response.end(readFileSync(join(pyodideDir, name)))
      })
    },
    generateBundle() {
      for (const name of PYODIDE_FILES)
        this.emitFile({ type: 'asset', fileName: `pyodide/${name}`, source: readFileSync(join(pyodideDir, name)) })
    },
  }
}

/**
 * A static copy's answer to "what serves this page?": nothing (src/core/hosting/serverFeatures.ts).
 * A server answers that address itself, so the page probes no API a static host does not have.
 */
function staticFeatures(): Plugin {
  return {
    name: 'static-features',
    apply: 'build',
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: SERVER_FEATURES_PATH, source: JSON.stringify(STATIC_FEATURES) })
    },
  }
}

/** Where the built page lists the editor's files (read by src/ui/common/preloadEditor.ts). */
const EDITOR_ASSETS_META = 'editor-assets'

/**
 * Lists in index.html every file the lazily loaded editor (src/ui/editor/SkillEditor.tsx) needs:
 * its chunk, the chunks it imports (Monaco) and their CSS. The page fetches them while idle and
 * evaluates them only when the editor mounts, so the editor still opens when the server has gone
 * away in between (an `open` session whose command stopped).
 */
function listEditorAssets(): Plugin {
  return {
    name: 'list-editor-assets',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler: (html, context) => {
        const bundle = context.bundle ?? {}
        const chunks = Object.values(bundle).flatMap((output) => (output.type === 'chunk' ? [output] : []))
        const editor = chunks.find((chunk) => chunk.facadeModuleId?.replace(/\\/g, '/').endsWith('/src/ui/editor/SkillEditor.tsx'))
        if (!editor) return html
        const files = new Set<string>()
        const visit = (fileName: string) => {
          const chunk = chunks.find((candidate) => candidate.fileName === fileName)
          if (!chunk || files.has(fileName)) return
          files.add(fileName)
          for (const css of chunk.viteMetadata?.importedCss ?? []) files.add(css)
          chunk.imports.forEach(visit)
        }
        visit(editor.fileName)
        return [{ tag: 'meta', attrs: { name: EDITOR_ASSETS_META, content: [...files].join(' ') }, injectTo: 'head' }]
      },
    },
  }
}

const port = Number(process.env.PORT) || 5173

/** The key-keeping OpenAI proxy and the live tools in `vite` and `vite preview` (server/openaiProxy.ts, server/toolsApi.ts). */
function openAIProxy(mode: string): Plugin {
  // '' loads every variable of .env files, not only VITE_ ones; none of them reaches the client.
  const env = () => ({ ...loadEnv(mode, process.cwd(), ''), ...process.env })
  const settings = () => proxySettingsFrom(env())
  let hub: McpHub | null = null
  const tools = () => {
    if (!hub) {
      hub = new McpHub(readMcpConfig(env()), mcpHubOptionsFrom(env()))
      hub.start()
    }
    return createToolsApi(() => liveToolSettingsFrom(env()), hub)
  }
  // The dev and preview servers run the proxy and the live tools, never a folder (server/featuresAnswer.ts).
  const features = createFeaturesAnswer(() => ({ server: true, folder: false, tokenRequired: false }))
  return {
    name: 'openai-proxy',
    configureServer: (server) => {
      server.middlewares.use(features)
      server.middlewares.use(tools())
      server.middlewares.use(createOpenAIProxy(settings))
      server.httpServer?.on('close', () => void hub?.close())
    },
    configurePreviewServer: (server) => {
      server.middlewares.use(features)
      server.middlewares.use(tools())
      server.middlewares.use(createOpenAIProxy(settings))
    },
  }
}

export default defineConfig(({ mode }) => ({
  plugins: [dropGrayMatterEngines(), openAIProxy(mode), react(), pyodideAssets(), staticFeatures(), listEditorAssets(), precompress()],
  // Pyodide finds its runtime files at run time (pythonSandbox.ts passes where); it is not pre-bundled.
  optimizeDeps: { exclude: ['pyodide'] },
  // Relative asset addresses: the same build works from any host and any sub-path
  // (https://example.org/tools/skill-playground/). BASE_PATH sets an absolute one when a host needs it.
  base: process.env.BASE_PATH || './',
  define: { __PUBLIC_URL__: JSON.stringify(process.env.PUBLIC_URL?.trim() ?? '') },
  resolve: { alias: { '@': '/src' } },
  server: { port, strictPort: Boolean(process.env.PORT), host: process.env.HOST ?? 'localhost' },
  preview: { port, strictPort: Boolean(process.env.PORT), host: process.env.HOST ?? 'localhost' },
  // The tool worker loads its engines on demand (code splitting), which only module workers allow.
  worker: { format: 'es' },
  build: {
    // Monaco is one large chunk by nature; the rest of the app stays small and is split from it.
    chunkSizeWarningLimit: 5000,
  },
}))
