/** The only module that loads sql.js: SQLite compiled to WebAssembly, served from this origin. */
import initSqlJs from 'sql.js'
import wasmUrl from 'sql.js/dist/sql-wasm.wasm?url'
import { createDemoDatabase, type DemoDatabase } from '../core/tools/executeSql'

let loading: Promise<DemoDatabase> | null = null

export function loadDemoDatabase(): Promise<DemoDatabase> {
  loading ??= initSqlJs({ locateFile: () => wasmUrl }).then(createDemoDatabase)
  return loading
}
