/** PUBLIC_URL at build time (vite.config.ts `define`): the address colleagues open, or ''. */
declare const __PUBLIC_URL__: string | undefined
