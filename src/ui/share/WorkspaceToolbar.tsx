import { useState } from 'react'
import { usePlayground, usePlaygroundStore } from '../../state/PlaygroundProvider'
import { ImportControl } from './ImportControl'
import { ShareDialog } from './ShareDialog'
import { useServices } from '../common/services'
import { useWindowEvent } from '../common/useWindowEvent'
import { skillDownload, workspaceZipDownload } from './workspaceExport'

/** Share (Ctrl/Cmd+S), Import and Export, in the app header. */
export function WorkspaceToolbar() {
  const store = usePlaygroundStore()
  const selectedPath = usePlayground((state) => state.selectedPath)
  const [sharing, setSharing] = useState(false)
  const [exportOpen, setExportOpen] = useState(false)

  const { download } = useServices()
  useWindowEvent('keydown', (event) => {
    if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 's') {
      event.preventDefault()
      setSharing(true)
    }
  })

  return (
    <div className="toolbar">
      <ImportControl />
      <div className="menu-anchor">
        <button
          type="button"
          className="button small"
          aria-haspopup="menu"
          aria-expanded={exportOpen}
          onClick={() => setExportOpen(!exportOpen)}
        >
          Export
        </button>
        {exportOpen && (
          <div className="menu" role="menu" onMouseLeave={() => setExportOpen(false)}>
            <button
              type="button"
              role="menuitem"
              disabled={!selectedPath}
              onClick={() => {
                const file = selectedPath ? skillDownload(store.getState(), selectedPath) : null
                if (file) download(file.name, file.content, file.type)
                setExportOpen(false)
              }}
            >
              This skill's SKILL.md
            </button>
            <button
              type="button"
              role="menuitem"
              onClick={() => {
                const file = workspaceZipDownload(store.getState())
                download(file.name, file.content, file.type)
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
