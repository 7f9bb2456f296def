/**
 * Runs in the page (pass it to `page.addInitScript` or `page.evaluate`): times every key press
 * from its keydown's timestamp, so time spent waiting behind a long task counts too, to the frame
 * painted after it. `pressTimes` reads the times back.
 */
export function timeKeyPresses(): void {
  const w = window as unknown as { pressTimes: number[] }
  w.pressTimes = []
  window.addEventListener(
    'keydown',
    (event) => {
      const start = event.timeStamp
      requestAnimationFrame(() => setTimeout(() => w.pressTimes.push(performance.now() - start), 0))
    },
    true,
  )
}

export function pressTimes(): number[] {
  return (window as unknown as { pressTimes: number[] }).pressTimes
}
