import react from '@vitejs/plugin-react'
import { defineConfig, type Plugin } from 'vite'

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

export default defineConfig({
  plugins: [dropGrayMatterEngines(), react()],
  resolve: { alias: { '@': '/src' } },
  server: { port, strictPort: Boolean(process.env.PORT), host: process.env.HOST ?? 'localhost' },
  preview: { port, strictPort: Boolean(process.env.PORT), host: process.env.HOST ?? 'localhost' },
  build: {
    // Monaco is one large chunk by nature; the rest of the app stays small and is split from it.
    chunkSizeWarningLimit: 5000,
  },
})
