import type { UnreadableSuite } from '../../core/routingSuite'
import { ROUTING_TESTS_FILE } from '../../core/routingSuite'
import { usePlaygroundStore } from '../../state/PlaygroundProvider'
import { useT } from '../i18n/i18n'

/**
 * Says that incoming routing tests (from an import or a link) did not all read and were kept as
 * comments at the end of the user's own file, with a button that opens the file at that copy.
 */
export function KeptSuiteNote({ unreadable, from }: { unreadable: UnreadableSuite; from: 'import' | 'link' }) {
  const { t } = useT()
  const store = usePlaygroundStore()
  return (
    <>
      {' '}
      {t(from === 'import' ? 'tests.keptFromImport' : 'tests.keptFromLink', { count: unreadable.problems, line: unreadable.line })}{' '}
      <button
        type="button"
        className="link-button"
        onClick={() => store.getState().reveal(ROUTING_TESTS_FILE, unreadable.keptAtLine, 1)}
        aria-label={t('tests.showKept')}
      >
        {t('tests.showKept')}
      </button>
    </>
  )
}
