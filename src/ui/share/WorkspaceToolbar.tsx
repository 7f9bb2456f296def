import { useEffect, useState } from 'react'
import { usePlayground, usePlaygroundStore } from '../../state/PlaygroundProvider'
import { ImportControl } from './ImportControl'
import { ShareDialog } from './ShareDialog'
import { downloadSkill, downloadWorkspaceZip } from './workspaceExport'

/** Share (Ctrl/Cmd+S), Import and Export, in the app header. */
export function WorkspaceToolbar() {
  const store = usePlaygroundStore()
  const selectedPath = usePlayground((state) => state.selectedPath)
  const [sharing, setSharing] = useState(false)
  const [exportOpen, setExportOpen] = useState(false)

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 's') {
        event.preventDefault()
        setSharing(true)
      }
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [])

  return (
    <div className="toolbar">
      <ImportControl />
      <div className="menu-anchor">
        <button type="button" className="button small" aria-haspopup="menu" aria-expanded={exportOpen} onClick={() => setExportOpen(!exportOpen)}>
          Export
        </button>
        {exportOpen && (
          <div className="menu" role="menu" onMouseLeave={() => setExportOpen(false)}>
            <button
              type="button"
              role="menuitem"
              disabled={!selectedPath}
              onClick={() => {
                if (selectedPath) downloadSkill(store.getState(), selectedPath)
                setExportOpen(false)
              }}
            >
              This skill's SKILL.md
            </button>
            <button
              type="button"
              role="menuitem"
              onClick={() => {
                downloadWorkspaceZip(store.getState())
                setExportOpen(false)
              }}
            >
              Workspace (.zip)
            </button>
          </div>
        )}
      </div>
      <button type="button" className="button small primary" onClick={() => setSharing(true)} title="Share a link (Ctrl+S)">
        Share
      </button>
      {sharing && <ShareDialog onClose={() => setSharing(false)} />}
    </div>
  )
}
