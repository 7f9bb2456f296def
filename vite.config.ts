import react from '@vitejs/plugin-react'
import { defineConfig, loadEnv, type Plugin } from 'vite'
import { createOpenAIProxy, proxySettingsFrom } from './server/openaiProxy'

/**
 * gray-matter's built-in engines include one that `eval`s `---js` frontmatter. The app always
 * passes its own engines (src/core/skill/frontmatter.ts), so the built-ins are dead code in the
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

const port = Number(process.env.PORT) || 5173

/** The key-keeping OpenAI proxy in `vite` and `vite preview` (server/openaiProxy.ts). */
function openAIProxy(mode: string): Plugin {
  // '' loads every variable of .env files, not only VITE_ ones; none of them reaches the client.
  const settings = () => proxySettingsFrom({ ...loadEnv(mode, process.cwd(), ''), ...process.env })
  return {
    name: 'openai-proxy',
    configureServer: (server) => void server.middlewares.use(createOpenAIProxy(settings)),
    configurePreviewServer: (server) => void server.middlewares.use(createOpenAIProxy(settings)),
  }
}

export default defineConfig(({ mode }) => ({
  plugins: [dropGrayMatterEngines(), openAIProxy(mode), react()],
  resolve: { alias: { '@': '/src' } },
  server: { port, strictPort: Boolean(process.env.PORT), host: process.env.HOST ?? 'localhost' },
  preview: { port, strictPort: Boolean(process.env.PORT), host: process.env.HOST ?? 'localhost' },
  build: {
    // Monaco is one large chunk by nature; the rest of the app stays small and is split from it.
    chunkSizeWarningLimit: 5000,
  },
}))
