import type { Database, SqlJsStatic } from 'sql.js'
import { ToolRefusal, type ToolRun } from './types'

/** The demo database behind `execute_sql`: built once, opened afresh (read-only) for every query. */
export interface DemoDatabase {
  query: (sql: string, limit: number) => { columns: string[]; rows: unknown[][]; truncated: boolean }
}

const SCHEMA = `
CREATE TABLE users (id INTEGER PRIMARY KEY, name TEXT NOT NULL, city TEXT, signup_date TEXT);
CREATE TABLE orders (id INTEGER PRIMARY KEY, user_id INTEGER REFERENCES users(id), date TEXT, amount REAL, status TEXT);
CREATE TABLE inventory (sku TEXT PRIMARY KEY, name TEXT, stock INTEGER, warehouse TEXT);
INSERT INTO users VALUES (1,'张伟','北京','2026-01-12'),(2,'李娜','上海','2026-02-03'),(3,'Alice','Paris','2026-03-21'),(4,'Bob','London','2026-05-09'),(5,'王芳','深圳','2026-07-30');
INSERT INTO orders VALUES
 (1,1,'2026-11-23',128.5,'paid'),(2,2,'2026-11-23',89.0,'paid'),(3,3,'2026-11-24',240.0,'paid'),(4,1,'2026-11-25',56.2,'refunded'),
 (5,4,'2026-11-25',310.0,'paid'),(6,5,'2026-11-27',99.9,'paid'),(7,2,'2026-11-28',150.0,'pending'),(8,3,'2026-11-29',75.5,'paid');
INSERT INTO inventory VALUES ('SKU-001','机械键盘',42,'北京'),('SKU-002','显示器支架',0,'上海'),('SKU-003','USB-C Hub',128,'Paris'),('SKU-004','Desk lamp',7,'London');
`

/**
 * Opcodes of SQLite's compiled program that change something: a write transaction, schema or
 * pragma changes (Expire), ATTACH/DETACH, VACUUM, cookies, b-tree creation or deletion.
 * SQLite's own compiler decides what a statement does — no text prefix is trusted.
 */
const WRITING_OPCODES = new Set([
  'Expire',
  'Vacuum',
  'SetCookie',
  'OpenWrite',
  'CreateBtree',
  'Destroy',
  'Clear',
  'ParseSchema',
  'VCreate',
  'VDestroy',
  'VUpdate',
  'JournalMode',
  'IncrVacuum',
])

export function createDemoDatabase(SQL: SqlJsStatic): DemoDatabase {
  const builder = new SQL.Database()
  builder.run(SCHEMA)
  const image = builder.export()
  builder.close()

  return {
    query: (sql, limit) => {
      // A fresh connection per query: nothing a statement could change outlives it.
      const db = new SQL.Database(image)
      try {
        db.run('PRAGMA query_only = 1')
        const statement = singleStatement(db, sql)
        refuseWrites(db, statement)
        // Stepped one row at a time and stopped after `limit`: `exec` would first build every row
        // of an unbounded query (a recursive CTE) in memory.
        const prepared = db.prepare(statement)
        try {
          const columns = prepared.getColumnNames()
          const rows: unknown[][] = []
          let truncated = false
          while (prepared.step()) {
            if (rows.length === limit) {
              truncated = true
              break
            }
            rows.push(prepared.get())
          }
          return { columns, rows, truncated }
        } finally {
          prepared.free()
        }
      } finally {
        db.close()
      }
    },
  }
}

function singleStatement(db: Database, sql: string): string {
  const statements: string[] = []
  for (const statement of db.iterateStatements(sql)) {
    statements.push(statement.getSQL())
    statement.free()
  }
  if (statements.length === 0) throw new Error('No SQL statement found.')
  if (statements.length > 1) throw new ToolRefusal('Send one statement at a time.')
  return statements[0] ?? ''
}

function refuseWrites(db: Database, statement: string) {
  if (/^\s*explain\b/i.test(statement)) throw new ToolRefusal('EXPLAIN is not needed: send the query itself.')
  const program = db.exec(`EXPLAIN ${statement}`)[0]?.values ?? []
  for (const [, opcode, , p2] of program) {
    if (WRITING_OPCODES.has(String(opcode)) || (opcode === 'Transaction' && Number(p2) !== 0)) {
      throw new ToolRefusal(`This database is read-only: the statement would change it (${String(opcode)}).`)
    }
  }
}

/** Runs `execute_sql` (described in builtinTools.ts). */
export const runExecuteSql: ToolRun = async (args, { database }) => {
  if (!database) throw new Error('No SQL engine is available here.')
  const limit = typeof args.limit === 'number' ? args.limit : 100
  const { columns, rows, truncated } = (await database()).query(String(args.sql), limit)
  return { columns, rows, row_count: rows.length, truncated }
}
