import { formatMessage, type Message } from '../messages'
import type { TraceEvent } from './trace'

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never

/** A trace event before the loop stamps it with its time. */
export type TraceStep = DistributiveOmit<TraceEvent, 'at'>

/** Stamps a step and records it in the run's trace. */
export type Emit = (event: TraceStep) => void

/** A trace sentence: in English as recorded (downloads, logs), and as a catalog entry for the reader's language. */
export function said(text: Message): { message: string; text: Message }
export function said(text: Message, field: 'reason'): { reason: string; text: Message }
export function said(text: Message, field: 'message' | 'reason' = 'message') {
  return { [field]: formatMessage(text), text }
}
