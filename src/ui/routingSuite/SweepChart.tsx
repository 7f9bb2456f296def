import type { SweepPoint } from '../../core/routingSuite'
import { useT } from '../i18n/i18n'

const WIDTH = 520
const HEIGHT = 160
const PAD = { left: 36, right: 10, top: 10, bottom: 26 }

/** Suite accuracy against the threshold, with the current threshold marked. */
export function SweepChart({ sweep, threshold, onPick }: { sweep: SweepPoint[]; threshold: number; onPick: (threshold: number) => void }) {
  const { t } = useT()
  const x = (t: number) => PAD.left + t * (WIDTH - PAD.left - PAD.right)
  const y = (a: number) => PAD.top + (1 - a) * (HEIGHT - PAD.top - PAD.bottom)
  const path = sweep.map((point, i) => `${i === 0 ? 'M' : 'L'}${x(point.threshold).toFixed(1)},${y(point.accuracy).toFixed(1)}`).join(' ')
  const best = Math.max(...sweep.map((point) => point.accuracy))
  const bestPoints = sweep.filter((point) => point.accuracy === best)
  const range = bestPoints.length > 0 ? `${bestPoints[0]!.threshold.toFixed(2)}–${bestPoints.at(-1)!.threshold.toFixed(2)}` : ''
  const current = sweep.reduce(
    (closest, point) => (Math.abs(point.threshold - threshold) < Math.abs(closest.threshold - threshold) ? point : closest),
    sweep[0] ?? { threshold, accuracy: 0 },
  )
  return (
    <figure className="sweep">
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="img"
        aria-label={t('sweep.label', { best: (best * 100).toFixed(0), range, now: (current.accuracy * 100).toFixed(0), threshold })}
        onClick={(event) => {
          const box = event.currentTarget.getBoundingClientRect()
          const t = ((event.clientX - box.left) / box.width) * WIDTH
          onPick(Math.round(Math.min(1, Math.max(0, (t - PAD.left) / (WIDTH - PAD.left - PAD.right))) * 100) / 100)
        }}
      >
        {[0, 0.25, 0.5, 0.75, 1].map((a) => (
          <g key={a}>
            <line x1={PAD.left} x2={WIDTH - PAD.right} y1={y(a)} y2={y(a)} className="grid" />
            <text x={PAD.left - 6} y={y(a) + 4} textAnchor="end" className="axis">
              {(a * 100).toFixed(0)}%
            </text>
          </g>
        ))}
        {[0, 0.2, 0.4, 0.6, 0.8, 1].map((t) => (
          <text key={t} x={x(t)} y={HEIGHT - 8} textAnchor="middle" className="axis">
            {t.toFixed(1)}
          </text>
        ))}
        {bestPoints.length > 0 && (
          <rect
            x={x(bestPoints[0]!.threshold)}
            y={PAD.top}
            width={Math.max(2, x(bestPoints.at(-1)!.threshold) - x(bestPoints[0]!.threshold))}
            height={HEIGHT - PAD.top - PAD.bottom}
            className="best-band"
          />
        )}
        <path d={path} className="curve" />
        <line x1={x(threshold)} x2={x(threshold)} y1={PAD.top} y2={HEIGHT - PAD.bottom} className="current" />
        <circle cx={x(current.threshold)} cy={y(current.accuracy)} r={4} className="current-dot" />
      </svg>
      <figcaption className="muted small">
        {t('sweep.caption', { best: (best * 100).toFixed(0), range, now: (current.accuracy * 100).toFixed(0), threshold })}
      </figcaption>
    </figure>
  )
}
