import { useRoutingSuiteStatus } from '../../state/PlaygroundProvider'
import { useT } from '../i18n/i18n'

/** Failing routing tests, as a badge on the Tests tab (a check mark when all pass). */
export function TestCount() {
  const { suite, updating } = useRoutingSuiteStatus()
  const { t } = useT()
  if (!suite || suite.suite.results.length === 0) return null
  const failed = suite.suite.failed
  return (
    <span
      title={updating ? t('tests.updating') : undefined}
      data-updating={updating || undefined}
      className={`badge ${failed > 0 ? 'error-badge' : 'winner-badge'}${updating ? ' updating' : ''}`}
      aria-label={failed > 0 ? t('tests.failing', { count: failed }) : t('tests.allPassing')}
    >
      {failed > 0 ? failed : '✓'}
    </span>
  )
}
