import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'

const port = Number(process.env.PORT) || 5173

export default defineConfig({
  plugins: [react()],
  resolve: { alias: { '@': '/src' } },
  server: { port, strictPort: Boolean(process.env.PORT), host: process.env.HOST ?? 'localhost' },
  preview: { port, strictPort: Boolean(process.env.PORT), host: process.env.HOST ?? 'localhost' },
  build: {
    // Monaco is one large chunk by nature; the rest of the app stays small and is split from it.
    chunkSizeWarningLimit: 5000,
  },
})
