import { useRef, useState } from 'react'
import type { ArchiveContents } from '../../core/share'
import { usePlaygroundStore } from '../../state/PlaygroundProvider'
import type { ClashChoice } from '../../state/sharingSlice'
import { droppedFiles } from './droppedFiles'
import { readImport } from './readImport'
import { useWindowEvent } from '../common/useWindowEvent'

/** Import from files, a folder or a zip (picked, or dropped on the page); asks what to do when names clash. */
export function ImportControl() {
  const store = usePlaygroundStore()
  const filesInput = useRef<HTMLInputElement>(null)
  const folderInput = useRef<HTMLInputElement>(null)
  const [pending, setPending] = useState<{ archive: ArchiveContents; clashes: string[] } | null>(null)
  const [message, setMessage] = useState<string | null>(null)

  const apply = (archive: ArchiveContents, choice: ClashChoice) => {
    const result = store.getState().importFiles(archive.files, choice, archive.settings)
    setPending(null)
    setMessage(
      `Imported ${result.added} skill${result.added === 1 ? '' : 's'}${result.replaced ? `, replaced ${result.replaced}` : ''}${result.skipped ? `, skipped ${result.skipped}` : ''}.`,
    )
  }
  const receive = async (list: FileList | File[] | null) => {
    if (!list || list.length === 0) return
    const read = await readImport([...list])
    if (!read.ok) return setMessage(read.error)
    const existing = new Set(store.getState().files.map((file) => file.path))
    const clashes = read.archive.files.filter((file) => existing.has(file.path)).map((file) => file.path)
    if (clashes.length > 0) setPending({ archive: read.archive, clashes })
    else apply(read.archive, 'both')
  }

  const [dragging, setDragging] = useState(false)
  const hasFiles = (event: DragEvent) => event.dataTransfer?.types.includes('Files') ?? false
  useWindowEvent('dragover', (event) => {
    if (!hasFiles(event)) return
    event.preventDefault()
    setDragging(true)
  })
  useWindowEvent('dragleave', (event) => {
    if (event.relatedTarget === null) setDragging(false)
  })
  useWindowEvent('drop', (event) => {
    if (!hasFiles(event) || !event.dataTransfer) return
    event.preventDefault()
    setDragging(false)
    void droppedFiles(event.dataTransfer).then(receive)
  })

  return (
    <>
      {dragging && (
        <div className="drop-overlay" aria-hidden="true">
          Drop SKILL.md files, a skills folder or a .zip to import
        </div>
      )}
      <button type="button" className="button small" onClick={() => filesInput.current?.click()} title="Import .md files or a .zip">
        Import
      </button>
      <button type="button" className="button small" onClick={() => folderInput.current?.click()} title="Import a skills folder">
        Import folder
      </button>
      <input
        ref={filesInput}
        type="file"
        hidden
        multiple
        accept=".md,.zip"
        aria-label="Import files"
        onChange={(event) => void receive(event.target.files).finally(() => (event.target.value = ''))}
      />
      <input
        ref={(node) => {
          folderInput.current = node
          node?.setAttribute('webkitdirectory', '')
        }}
        type="file"
        hidden
        aria-label="Import folder files"
        onChange={(event) => void receive(event.target.files).finally(() => (event.target.value = ''))}
      />
      {message && (
        <span className="import-message" role="status">
          {message}{' '}
          <button type="button" className="link-button" onClick={() => setMessage(null)}>
            ok
          </button>
        </span>
      )}
      {pending && (
        <div className="modal-backdrop">
          <div className="modal" role="dialog" aria-modal="true" aria-label="Name clash">
            <h2>Some skills already exist</h2>
            <p>
              {pending.clashes.length} of the {pending.archive.files.length} imported skills have the same path as one of yours:{' '}
              {pending.clashes.join(', ')}.
            </p>
            <div className="modal-actions">
              <button type="button" className="button" onClick={() => apply(pending.archive, 'both')}>
                Keep both
              </button>
              <button type="button" className="button" onClick={() => apply(pending.archive, 'replace')}>
                Replace mine
              </button>
              <button type="button" className="button" onClick={() => apply(pending.archive, 'skip')}>
                Skip those
              </button>
              <button type="button" className="button" onClick={() => setPending(null)}>
                Cancel
              </button>
            </div>
          </div>
        </div>
      )}
    </>
  )
}
