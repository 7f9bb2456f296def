import { usePlayground, usePlaygroundStore } from '../../state/PlaygroundProvider'

/** Where the shared draft came from, what it contains, and the choice to keep or discard it. */
export function SharedBanner() {
  const store = usePlaygroundStore()
  const draft = usePlayground((state) => state.sharedDraft)
  const error = usePlayground((state) => state.shareError)
  return (
    <>
      {error && (
        <div className="banner error" role="alert" aria-label="Link could not be opened">
          <span>{error} Your own skills are unchanged.</span>
          <button type="button" className="link-button" onClick={() => store.getState().setShareError(null)}>
            Dismiss
          </button>
        </div>
      )}
      {draft && (
        <div className="banner shared" role="region" aria-label="Shared draft">
          <span>
            Opened from a shared link: {draft.paths.length} skill{draft.paths.length === 1 ? '' : 's'}
            {draft.kind === 'workspace' ? ' and a workspace' : ''}, shown beside your own work (marked “shared”). Nothing has run.
            {draft.renamed.length > 0 && ` Renamed to avoid clashes: ${draft.renamed.map((r) => `${r.from} → ${r.to}`).join(', ')}.`}
          </span>
          <span className="banner-actions">
            <button type="button" className="button small primary" onClick={() => store.getState().keepShared()}>
              Keep
            </button>
            <button type="button" className="button small" onClick={() => store.getState().discardShared()}>
              Discard
            </button>
          </span>
        </div>
      )}
    </>
  )
}
