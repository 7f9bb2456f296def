/**
 * The snapshot cache's file handling (docs/skill-code.md, "A ready Python"): the snapshot is opened
 * once, without following a link, and checked through that open file, which is what the sandbox
 * reads; a write that fails leaves no half-written file beside the cache.
 */
import {
  chmodSync,
  closeSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { cacheFolderProblem, openSnapshot, snapshotPath, storeSnapshot } from './pythonSnapshotCache'
import { snapshotFileBytes } from './pythonSnapshotFile'

const VERSION = '0.0.0-test'
let root = ''
let cache = ''

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'snapshot-cache-'))
  cache = join(root, 'cache')
  mkdirSync(cache, { mode: 0o700 })
})
afterEach(() => rmSync(root, { recursive: true, force: true }))

const bytes = (fill: number) => snapshotFileBytes(new Uint8Array(64).fill(fill), VERSION)

/** Reads an open descriptor whole, from its start, and closes it. */
function readAll(fd: number): Buffer {
  try {
    return readFileSync(fd)
  } finally {
    closeSync(fd)
  }
}

describe('the snapshot cache', () => {
  it('the open file is what was checked: replacing the path afterwards changes nothing the sandbox reads', () => {
    const path = snapshotPath(cache, VERSION)
    writeFileSync(path, bytes(7), { mode: 0o600 })
    const fd = openSnapshot(cache, VERSION)
    expect(fd).toBeTypeOf('number')
    // Someone swaps the file after the check, before the sandbox reads it.
    writeFileSync(join(cache, 'other'), bytes(1), { mode: 0o600 })
    renameSync(join(cache, 'other'), path)
    expect(readAll(fd!).equals(bytes(7))).toBe(true)
  })

  it.runIf(process.platform !== 'win32')('a link in place of the snapshot, or a file others may write, is not opened', () => {
    const elsewhere = join(root, 'elsewhere.snapshot')
    writeFileSync(elsewhere, bytes(7), { mode: 0o600 })
    symlinkSync(elsewhere, snapshotPath(cache, VERSION))
    expect(openSnapshot(cache, VERSION)).toBeUndefined()
    rmSync(snapshotPath(cache, VERSION))
    writeFileSync(snapshotPath(cache, VERSION), bytes(7), { mode: 0o600 })
    chmodSync(snapshotPath(cache, VERSION), 0o666)
    expect(openSnapshot(cache, VERSION)).toBeUndefined()
  })

  it.runIf(process.platform !== 'win32')('says why a folder open to others is unsafe, and a folder not made yet is none', () => {
    expect(cacheFolderProblem(join(root, 'not-yet'))).toBeNull()
    expect(cacheFolderProblem(cache)).toBeNull()
    chmodSync(cache, 0o755)
    expect(cacheFolderProblem(cache)).toBe('the folder is open to other users')
  })

  it('a write that fails leaves no half-written file behind', () => {
    // The snapshot's name taken by a folder: the temporary file is written, its rename fails.
    mkdirSync(join(snapshotPath(cache, VERSION), 'inside'), { recursive: true })
    expect(storeSnapshot(cache, VERSION, new Uint8Array(64).fill(3))).toBe(false)
    expect(readdirSync(cache)).toEqual([snapshotPath(cache, VERSION).slice(cache.length + 1)])
  })

  it('a write that succeeds leaves the snapshot alone, this user’s only', () => {
    expect(storeSnapshot(cache, VERSION, new Uint8Array(64).fill(3))).toBe(true)
    expect(readdirSync(cache)).toHaveLength(1)
    expect(readFileSync(snapshotPath(cache, VERSION)).equals(bytes(3))).toBe(true)
  })
})
