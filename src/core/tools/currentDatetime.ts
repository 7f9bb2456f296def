import type { ToolRun } from './types'

/** Runs `current_datetime` (described in builtinTools.ts). */
export const runCurrentDatetime: ToolRun = (args, { now }) => {
  const date = now()
  const timeZone = typeof args.timezone === 'string' ? args.timezone : 'UTC'
  let local: string
  let weekday: string
  try {
    local = new Intl.DateTimeFormat('sv-SE', { timeZone, dateStyle: 'short', timeStyle: 'medium' }).format(date)
    weekday = new Intl.DateTimeFormat('en-US', { timeZone, weekday: 'long' }).format(date)
  } catch {
    throw new Error(`Unknown time zone "${timeZone}"; use an IANA name such as "Europe/Paris".`)
  }
  return { iso: date.toISOString(), timezone: timeZone, local, weekday }
}
