/**
 * The file a memory snapshot of Python is kept in between CLI processes (docs/skill-code.md,
 * "A ready Python"): a header line (format, Pyodide's version, the payload's length and SHA-256)
 * and the snapshot. A file that is cut short, changed, or from another Pyodide is refused, never
 * restored.
 */
import { createHash } from 'node:crypto'

const FORMAT = 'skill-playground-python-snapshot/1'

interface Header {
  format: string
  pyodide: string
  bytes: number
  sha256: string
}

export function snapshotFileBytes(snapshot: Uint8Array, pyodideVersion: string): Buffer {
  const header: Header = { format: FORMAT, pyodide: pyodideVersion, bytes: snapshot.length, sha256: sha256(snapshot) }
  const line = JSON.stringify(header)
  // Pyodide reads the snapshot as 32-bit words: the payload starts at a multiple of 16 bytes.
  return Buffer.concat([Buffer.from(line.padEnd(Math.ceil((line.length + 1) / 16) * 16 - 1) + '\n'), snapshot])
}

/** The header of a snapshot file, or why it is not one for this Pyodide (the payload is not read). */
export function snapshotHeaderProblem(head: Buffer, pyodideVersion: string): string | null {
  const header = parseHeader(head)
  if (typeof header === 'string') return header
  if (header.pyodide !== pyodideVersion) return `it was taken from Pyodide ${header.pyodide}, this is ${pyodideVersion}`
  return null
}

/** The snapshot in a file written by snapshotFileBytes; throws saying why when it is not intact. */
export function readSnapshotFile(file: Buffer, pyodideVersion: string): Uint8Array {
  const header = parseHeader(file)
  if (typeof header === 'string') throw new Error(`The Python snapshot is not usable: ${header}.`)
  if (header.pyodide !== pyodideVersion)
    throw new Error(`The Python snapshot was taken from Pyodide ${header.pyodide}, this is ${pyodideVersion}.`)
  const payload = file.subarray(file.indexOf(10) + 1)
  if (payload.length !== header.bytes) throw new Error(`The Python snapshot is ${payload.length} bytes, its header says ${header.bytes}.`)
  if (sha256(payload) !== header.sha256) throw new Error('The Python snapshot does not match its digest.')
  // A buffer from Node's pool may start anywhere: a copy starts where Pyodide needs it to.
  return payload.byteOffset % 16 === 0 ? new Uint8Array(payload.buffer, payload.byteOffset, payload.length) : new Uint8Array(payload)
}

function parseHeader(file: Buffer): Header | string {
  const end = file.indexOf(10)
  if (end < 0 || end > 1000) return 'no header'
  try {
    const header = JSON.parse(file.subarray(0, end).toString('utf8')) as Partial<Header>
    if (header.format !== FORMAT) return 'not a snapshot file of this format'
    if (typeof header.pyodide !== 'string' || typeof header.bytes !== 'number' || typeof header.sha256 !== 'string')
      return 'a broken header'
    return header as Header
  } catch {
    return 'a broken header'
  }
}

function sha256(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex')
}
