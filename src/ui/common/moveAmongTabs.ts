import type { KeyboardEvent } from 'react'

const STEPS: Record<string, (at: number, count: number) => number> = {
  ArrowRight: (at, count) => (at + 1) % count,
  ArrowLeft: (at, count) => (at - 1 + count) % count,
  Home: () => 0,
  End: (_, count) => count - 1,
}

/**
 * A tab list's keys, as WAI-ARIA's tabs pattern has them: the arrows, Home and End move to
 * another tab and choose it. A list may also make the chosen tab its only Tab stop (the others
 * take tabIndex -1); the view tabs do not (docs/keyboard.md).
 */
export function moveAmongTabs(event: KeyboardEvent<HTMLElement>): void {
  const step = STEPS[event.key]
  if (!step || event.altKey || event.ctrlKey || event.metaKey) return
  const tabs = [...event.currentTarget.querySelectorAll<HTMLElement>('[role="tab"]')]
  const at = tabs.findIndex((tab) => tab === document.activeElement)
  if (at < 0 || tabs.length === 0) return
  event.preventDefault()
  const next = tabs[step(at, tabs.length)]
  next?.focus()
  next?.click()
}
