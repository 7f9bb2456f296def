import { DEFAULT_THRESHOLD } from '../../core/routing'
import { usePlayground, usePlaygroundStore } from '../../state/PlaygroundProvider'

/** The activation threshold: a skill wins only with a final score strictly above it. */
export function ThresholdControl() {
  const store = usePlaygroundStore()
  const threshold = usePlayground((state) => state.threshold)
  const set = (value: string) => {
    const number = Number(value)
    if (value.trim() !== '' && Number.isFinite(number)) store.getState().setThreshold(number)
  }
  return (
    <div className="threshold" title="A skill activates only when its final score is strictly greater than this.">
      <label htmlFor="threshold-number">Threshold</label>
      <input
        type="range"
        aria-label="Threshold"
        min={0}
        max={1}
        step={0.01}
        value={Math.min(threshold, 1)}
        onChange={(event) => set(event.target.value)}
      />
      <input
        id="threshold-number"
        type="number"
        aria-label="Threshold"
        min={0}
        max={2}
        step={0.01}
        value={threshold}
        onChange={(event) => set(event.target.value)}
      />
      {threshold !== DEFAULT_THRESHOLD && (
        <button type="button" className="link-button" onClick={() => store.getState().setThreshold(DEFAULT_THRESHOLD)}>
          reset
        </button>
      )}
    </div>
  )
}
