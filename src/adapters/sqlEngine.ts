/**
 * The only module that loads sql.js: SQLite compiled to WebAssembly. In the page (and its workers)
 * the .wasm file is served from this origin; in Node (the CLI) sql.js finds it beside itself.
 */
import initSqlJs from 'sql.js'
import { createDemoDatabase, type DemoDatabase } from '../core/tools/executeSql'

let loading: Promise<DemoDatabase> | null = null

const inNode =
  typeof process !== 'undefined' &&
  typeof process.versions?.node === 'string' &&
  typeof window === 'undefined' &&
  typeof self === 'undefined'

export function loadDemoDatabase(): Promise<DemoDatabase> {
  loading ??= (async () => {
    if (inNode) return createDemoDatabase(await initSqlJs())
    const wasmUrl = (await import('sql.js/dist/sql-wasm.wasm?url')).default
    return createDemoDatabase(await initSqlJs({ locateFile: () => wasmUrl }))
  })()
  return loading
}
