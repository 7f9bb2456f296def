import { useVirtualizer } from '@tanstack/react-virtual'
import type { RefObject } from 'react'

export interface VirtualRows {
  /** Indexes of the rows to render, in order: the ones on screen plus a few either side. */
  indexes: number[]
  /** Empty space to leave before the first rendered row and after the last, in pixels. */
  before: number
  after: number
  /** Ref for a rendered row (with `data-index`), so rows of varying height are measured. */
  measure: (element: Element | null) => void
  /** Brings a row into view (for keyboard moves to rows that are not rendered). */
  scrollTo: (index: number) => void
}

/**
 * The rows of a long list or table that are near the view, for lists of thousands (skills,
 * problems, tests): the page lays out, paints and reconciles only what a person can see. The one
 * module that uses @tanstack/react-virtual. Rows stay in normal flow between two spacers, so tables
 * and lists keep their own layout and semantics.
 */
export function useVirtualRows(count: number, scrollRef: RefObject<HTMLElement | null>, rowHeight: number, overscan = 8): VirtualRows {
  const virtualizer = useVirtualizer({
    count,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => rowHeight,
    overscan,
    // Measuring rows re-renders after the commit, not inside it: otherwise each row's measurement
    // re-renders the list at once and the next row forces a fresh layout (90 ms for 40 rows).
    useFlushSync: false,
    // Before the scroll box is measured (the first render, a test without layout), show a screenful.
    initialRect: { width: 0, height: rowHeight * 16 },
  })
  const items = virtualizer.getVirtualItems()
  const first = items[0]
  const last = items[items.length - 1]
  return {
    indexes: items.map((item) => item.index),
    before: first ? first.start - virtualizer.options.scrollMargin : 0,
    after: last ? Math.max(0, virtualizer.getTotalSize() - last.end) : 0,
    measure: virtualizer.measureElement,
    scrollTo: (index) => virtualizer.scrollToIndex(index, { align: 'auto' }),
  }
}
