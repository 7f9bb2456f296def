import { elementScroll, observeElementRect, useVirtualizer, type Virtualizer } from '@tanstack/react-virtual'
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
export function useVirtualRows(
  count: number,
  scrollRef: RefObject<HTMLElement | null>,
  rowHeight: number,
  { overscan = 8, exactScroll = false }: { overscan?: number; exactScroll?: boolean } = {},
): VirtualRows {
  const virtualizer = useVirtualizer({
    count,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => rowHeight,
    overscan,
    // A new row, and the scroll box, are measured by their ResizeObserver once the browser has
    // laid them out, not read as they mount; and a new scroll box is not scrolled to the top it is
    // already at. Each of those reads forced the layout of a whole newly opened tab into the
    // render's task (for the Tests tab at 1,000 skills, most of the click's long task). A list that
    // scrolls to a row by keyboard (End, Home) needs the exact heights at once (`exactScroll`).
    ...(exactScroll
      ? {}
      : { measureElement: measureWhenLaidOut(rowHeight), observeElementRect: observeWhenLaidOut, scrollToFn: scrollUnlessNew }),
    // Measuring rows re-renders after the commit, not inside it: otherwise each row's measurement
    // re-renders the list at once and the next row forces a fresh layout: one layout per row.
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

/** Scroll boxes the browser has laid out (their ResizeObserver has reported). */
const laidOut = new WeakSet<Element>()

/** The scroll box's size, first when its ResizeObserver reports (after layout, where reading it is free). */
function observeWhenLaidOut(instance: Virtualizer<HTMLElement, Element>, report: (rect: { width: number; height: number }) => void) {
  const element = instance.scrollElement
  if (!element || typeof ResizeObserver === 'undefined') return observeElementRect(instance, report)
  const observer = new ResizeObserver(() => {
    laidOut.add(element)
    report({ width: element.clientWidth, height: element.clientHeight })
  })
  observer.observe(element)
  return () => observer.disconnect()
}

/** Scrolls as the virtualizer asks, except a box not laid out yet to the top: a new box is there already. */
function scrollUnlessNew(
  offset: number,
  options: { adjustments?: number; behavior?: ScrollBehavior },
  instance: Virtualizer<HTMLElement, Element>,
) {
  const element = instance.scrollElement
  if (element && !laidOut.has(element) && offset + (options.adjustments ?? 0) === 0) return
  elementScroll(offset, options, instance)
}

/** A row's height from its ResizeObserver entry; until the first one, the height known or estimated. */
function measureWhenLaidOut(rowHeight: number) {
  return (element: Element, entry: ResizeObserverEntry | undefined, instance: Virtualizer<HTMLElement, Element>): number => {
    const box = entry?.borderBoxSize[0]
    if (box) return Math.round(box.blockSize)
    return instance.itemSizeCache.get(instance.options.getItemKey(instance.indexFromElement(element))) ?? rowHeight
  }
}
