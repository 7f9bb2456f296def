import type { RenameCounts } from '../../core/workspace'
import { usePlayground, usePlaygroundStore } from '../../state/PlaygroundProvider'
import { useT } from '../i18n/i18n'

const PARTS = ['routingTests', 'evalCases', 'fallbacks', 'groups'] as const satisfies readonly (keyof RenameCounts)[]

/**
 * After a rename (the form's Name field or the list's Rename): what it updated besides the skill,
 * and one Undo that takes all of it back (docs/renaming.md).
 */
export function RenameToast() {
  const { t } = useT()
  const store = usePlaygroundStore()
  const last = usePlayground((state) => state.lastRename)
  if (!last) return null
  const parts = PARTS.filter((part) => last.counts[part] > 0).map((part) => t(`renameToast.${part}`, { count: last.counts[part] }))
  return (
    <div className="toast rename-toast" role="status">
      <span>
        {parts.length === 0
          ? t('renameToast.done', { name: last.to.name })
          : t('renameToast.doneWith', { name: last.to.name, list: parts.join(t('renameToast.separator')) })}
      </span>
      <button
        type="button"
        className="link-button"
        onClick={() => store.getState().undoRename()}
        aria-label={t('renameToast.undo')}
        title={t('renameToast.undoTitle')}
      >
        {t('renameToast.undo')}
      </button>
      <button type="button" className="link-button" onClick={() => store.getState().dismissRename()} aria-label={t('renameToast.dismiss')}>
        ✕
      </button>
    </div>
  )
}
