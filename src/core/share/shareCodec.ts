/**
 * Share links: a versioned, compressed, checksummed payload in the URL fragment (never sent to a
 * server). Format: `#s1.<byteLength>.<crc32 hex>.<base64url(deflate-raw(utf8(JSON)))>`, deflated
 * with a preset dictionary (shareDictionary.ts).
 * Decoding never throws: a truncated, altered, future or oversized link becomes a clear error.
 */
import { deflateSync, Inflate } from 'fflate'
import type { KnowledgeDocument, MockRule } from '../tools/types'
import { SHARE_DICTIONARY_S1 } from './shareDictionary'
import { message, type Message } from '../messages'
import type { SkillFile } from '../skill'
import { readFiles, readKnowledge, readThreshold, readToolMocks, readVirtualFiles } from '../workspace'

export const SHARE_VERSION = 1
const PREFIX = `s${SHARE_VERSION}.`
/** Links longer than this get cut by chat apps and browser history: the Share dialogs warn and offer a file. */
export const LONG_LINK_CHARS = 2000
/** Larger payloads are refused before inflating, so a hostile link cannot exhaust memory. */
export const MAX_SHARE_BYTES = 2 * 1024 * 1024

export interface SharePayload {
  kind: 'skill' | 'workspace'
  skills: SkillFile[]
  utterance?: string
  threshold?: number
  toolMocks?: Record<string, MockRule[]>
  knowledge?: KnowledgeDocument[]
  virtualFiles?: Record<string, string>
}

export type DecodeResult = { ok: true; payload: SharePayload } | { ok: false; error: Message }

export function encodeShare(payload: SharePayload): string {
  return packShare(PREFIX, withoutEmpty(payload))
}

/**
 * `<prefix><byte length>.<crc32>.<base64url(deflate-raw(utf8(JSON)))>`: the frame of every link
 * format (a workspace's `s1.`, a run's `r1.`), with the same dictionary and the same checks.
 */
export function packShare(prefix: string, value: unknown): string {
  const bytes = new TextEncoder().encode(JSON.stringify(value))
  return `${prefix}${bytes.length}.${crc32(bytes).toString(16).padStart(8, '0')}.${toBase64Url(deflateSync(bytes, { level: 9, dictionary: SHARE_DICTIONARY_S1 }))}`
}

/** Reads a fragment (with or without the leading `#`). Returns null when it is not a share link at all. */
export function decodeShare(fragment: string): DecodeResult | null {
  const unpacked = unpackShare(fragment, 's', SHARE_VERSION)
  if (!unpacked || !unpacked.ok) return unpacked
  const payload = validatePayload(unpacked.value)
  return payload ? { ok: true, payload } : { ok: false, error: message('share.notOurs') }
}

/**
 * The JSON in a link of format `<letter><version>.`, checked (version, length cap before inflating,
 * checksum after) but not yet validated; null when the fragment is no link of that letter.
 */
export function unpackShare(
  fragment: string,
  letter: string,
  supported: number,
): { ok: true; value: unknown } | { ok: false; error: Message } | null {
  const text = fragment.replace(/^#/, '')
  const version = new RegExp(`^${letter}(\\d+)\\.`).exec(text)
  if (!version) return null
  if (Number(version[1]) > supported)
    return {
      ok: false,
      error: message('share.newer', { version: version[1] ?? '', supported }),
    }
  if (Number(version[1]) !== supported) return { ok: false, error: message('share.unknownFormat') }
  const parts = /^[a-z]\d+\.(\d+)\.([0-9a-f]{8})\.([A-Za-z0-9_-]*)$/.exec(text)
  if (!parts)
    return {
      ok: false,
      error: message('share.damaged'),
    }
  const length = Number(parts[1])
  if (length > MAX_SHARE_BYTES)
    return {
      ok: false,
      error: message('share.tooLarge', { length: length.toLocaleString('en'), limit: MAX_SHARE_BYTES.toLocaleString('en') }),
    }
  let bytes: Uint8Array
  try {
    bytes = inflateAtMost(fromBase64Url(parts[3] ?? ''), length)
  } catch {
    return {
      ok: false,
      error: message('share.truncated'),
    }
  }
  if (bytes.length !== length || crc32(bytes).toString(16).padStart(8, '0') !== parts[2]) {
    return { ok: false, error: message('share.altered') }
  }
  try {
    return { ok: true, value: JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes)) as unknown }
  } catch {
    return { ok: false, error: message('share.notOurs') }
  }
}

/** The payload's fields are read by the same rules as a saved workspace (src/core/workspace). */
function validatePayload(value: unknown): SharePayload | null {
  if (typeof value !== 'object' || value === null) return null
  const candidate = value as Record<keyof SharePayload, unknown>
  if (candidate.kind !== 'skill' && candidate.kind !== 'workspace') return null
  const skills = readFiles(candidate.skills)
  if (!skills) return null
  const optional = {
    utterance: (v: unknown) => (typeof v === 'string' ? v : undefined),
    threshold: readThreshold,
    toolMocks: readToolMocks,
    knowledge: readKnowledge,
    virtualFiles: readVirtualFiles,
  }
  const payload: SharePayload = { kind: candidate.kind, skills }
  for (const [key, read] of Object.entries(optional) as [keyof typeof optional, (v: unknown) => unknown][]) {
    if (candidate[key] === undefined) continue
    const field = read(candidate[key])
    if (field === undefined) return null
    ;(payload as unknown as Record<string, unknown>)[key] = field
  }
  return payload
}

/**
 * Inflates in small steps and stops as soon as the output passes the declared length: a short
 * link that unpacks to gigabytes is refused after `declared + 1` bytes, not after the work.
 */
export function inflateAtMost(input: Uint8Array, declared: number): Uint8Array {
  const out = new Uint8Array(declared)
  let written = 0
  const inflate = new Inflate({ dictionary: SHARE_DICTIONARY_S1 }, (chunk) => {
    if (written + chunk.length > declared) throw new Error('longer than declared')
    out.set(chunk, written)
    written += chunk.length
  })
  // Small steps: one step of zeros can unpack a thousandfold before the callback sees it.
  const STEP = 512
  for (let at = 0; at < input.length; at += STEP) inflate.push(input.subarray(at, at + STEP), at + STEP >= input.length)
  if (input.length === 0) inflate.push(input, true)
  return out.subarray(0, written)
}

function withoutEmpty(payload: SharePayload): SharePayload {
  return Object.fromEntries(Object.entries(payload).filter(([, value]) => value !== undefined)) as unknown as SharePayload
}

const CRC_TABLE = (() => {
  const table = new Uint32Array(256)
  for (let n = 0; n < 256; n++) {
    let c = n
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
    table[n] = c >>> 0
  }
  return table
})()

export function crc32(bytes: Uint8Array): number {
  let crc = 0xffffffff
  for (const byte of bytes) crc = (CRC_TABLE[(crc ^ byte) & 0xff] ?? 0) ^ (crc >>> 8)
  return (crc ^ 0xffffffff) >>> 0
}

function toBase64Url(bytes: Uint8Array): string {
  let binary = ''
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000))
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')
}

function fromBase64Url(text: string): Uint8Array {
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (text.length % 4)) % 4))
  return Uint8Array.from(binary, (char) => char.charCodeAt(0))
}
