import { DEFAULT_THRESHOLD } from '../../core/routing'
import { usePlayground, usePlaygroundStore } from '../../state/PlaygroundProvider'
import { useT } from '../i18n/i18n'

/** The activation threshold: a skill wins only with a final score strictly above it. */
export function ThresholdControl() {
  const { t } = useT()
  const store = usePlaygroundStore()
  const threshold = usePlayground((state) => state.threshold)
  const set = (value: string) => {
    const number = Number(value)
    if (value.trim() !== '' && Number.isFinite(number)) store.getState().setThreshold(number)
  }
  return (
    <div className="threshold" title={t('threshold.title')}>
      <label htmlFor="threshold-number">{t('threshold.label')}</label>
      <input
        type="range"
        aria-label={t('threshold.label')}
        min={0}
        max={1}
        step={0.01}
        value={Math.min(threshold, 1)}
        onChange={(event) => set(event.target.value)}
      />
      <input
        id="threshold-number"
        type="number"
        aria-label={t('threshold.label')}
        min={0}
        max={2}
        step={0.01}
        value={threshold}
        onChange={(event) => set(event.target.value)}
      />
      {threshold !== DEFAULT_THRESHOLD && (
        <button type="button" className="link-button" onClick={() => store.getState().setThreshold(DEFAULT_THRESHOLD)}>
          {t('threshold.reset')}
        </button>
      )}
    </div>
  )
}
