import { useCallback, useRef, useState } from 'react'
import type { ArchiveContents } from '../../core/share'
import { ROUTING_TESTS_FILE } from '../../core/routingSuite'
import { usePlaygroundStore, usePrepareFiles, usePrepareSuites } from '../../state/PlaygroundProvider'
import type { ClashChoice, ImportReport } from '../../state/sharingSlice'
import { KeptSuiteNote } from '../routingSuite/KeptSuiteNote'
import { droppedFiles } from './droppedFiles'
import { readImport } from './readImport'
import { useWindowEvent } from '../common/useWindowEvent'
import { useT } from '../i18n/i18n'
import { originsRead } from '../catalog/SkillOrigins'

/** How many paths the clash question and the report name. */
const LISTED = 5

/** Import from files, a folder or a zip (picked, or dropped on the page); asks what to do when names clash. */
export function ImportControl() {
  const store = usePlaygroundStore()
  const filesInput = useRef<HTMLInputElement>(null)
  const folderInput = useRef<HTMLInputElement>(null)
  // A stable ref: React calls it once, not on every render (each call wrote the attribute again).
  const folderRef = useCallback((node: HTMLInputElement | null) => {
    folderInput.current = node
    node?.setAttribute('webkitdirectory', '')
  }, [])
  const [pending, setPending] = useState<{ archive: ArchiveContents; clashes: string[] } | null>(null)
  const { t, say } = useT()
  const [message, setMessage] = useState<string | null>(null)
  const [unreadableTests, setUnreadableTests] = useState<ImportReport['unreadableTests']>(null)
  const prepare = usePrepareFiles()
  const prepareSuites = usePrepareSuites()
  // The import under way (reading, unpacking, preparing): how far it has come, and its cancel.
  const [progress, setProgress] = useState<{ text: string; percent: number } | null>(null)
  const running = useRef<AbortController | null>(null)

  // Re-importing a folder of a thousand skills names the first few, not a thousand paths.
  const listed = (items: readonly string[]) =>
    items.length > LISTED
      ? t('importing.clashMore', { list: items.slice(0, LISTED).join(', '), more: items.length - LISTED })
      : items.join(', ')

  /**
   * Runs one import's work with a progress bar and a Cancel button. Cancelling stops it between
   * slices, before anything is added (the store takes the files in one step, at the end): the
   * workspace stays as it was and the page says so.
   */
  const cancellable = async (work: (signal: AbortSignal) => Promise<void>) => {
    running.current?.abort()
    const controller = new AbortController()
    running.current = controller
    setMessage(null)
    setUnreadableTests(null)
    setProgress({ text: t('importProgress.starting'), percent: 0 })
    try {
      await work(controller.signal)
    } catch (error) {
      if (!controller.signal.aborted) throw error
    } finally {
      if (running.current === controller) {
        running.current = null
        setProgress(null)
        if (controller.signal.aborted) setMessage(t('importProgress.cancelled'))
      }
    }
  }
  const cancel = () => running.current?.abort()

  const apply = async (archive: ArchiveContents, choice: ClashChoice, signal: AbortSignal) => {
    setPending(null)
    setUnreadableTests(null)
    // A thousand skills are parsed and linted a slice at a time first, so adding them is quick.
    const skills = archive.files.length
    setProgress({ text: t('importProgress.preparing', { count: skills, percent: 0 }), percent: 0 })
    // Keeping both merges the two routing-test suites: each is parsed in slices first, not in the merge.
    await prepareSuites(
      [...archive.files, ...store.getState().files].filter((file) => file.path === ROUTING_TESTS_FILE).map((file) => file.text),
    )
    signal.throwIfAborted()
    let shown = 0
    // The merge with the workspace is planned a slice at a time too; `importFiles` reuses the plan.
    const planned = await store.getState().previewImportInSlices(archive.files, choice)
    signal.throwIfAborted()
    await prepare(planned, {
      signal,
      onProgress: (done, total) => {
        const percent = Math.floor((done / total) * 100)
        if (percent === shown) return
        shown = percent
        setProgress({ text: t('importProgress.preparing', { count: skills, percent }), percent })
      },
    })
    // The last moment to cancel: from here the store takes the files in one step.
    signal.throwIfAborted()
    const result = store.getState().importFiles(archive.files, choice, archive.settings)
    setUnreadableTests(result.unreadableTests)
    setMessage(
      [
        t('importing.imported', { count: result.added }),
        result.replaced ? t('importing.replaced', { count: result.replaced }) : '',
        result.skipped ? t('importing.skipped', { count: result.skipped }) : '',
        result.renamed.length > 0
          ? t('importing.renamed', { count: result.renamed.length, list: listed(result.renamed.map((r) => `${r.from} → ${r.to}`)) })
          : '',
        archive.leftOut ? t('importing.leftOut', { count: archive.leftOut.length, list: listed(archive.leftOut) }) : '',
        archive.outside ? t('importing.outside', { count: archive.outside.length, list: listed(archive.outside) }) : '',
        originsRead(
          archive.files.map((file) => file.path),
          t,
        ),
        result.conflicts.length > 0
          ? t('importing.conflicts', { count: result.conflicts.length, list: result.conflicts.map((c) => c.utterance).join(', ') })
          : '',
        result.keptEvalCases
          ? t('importing.keptEvalCases', { count: result.keptEvalCases.length, list: listed(result.keptEvalCases) })
          : '',
        t('importing.end'),
      ].join(''),
    )
  }
  const receive = async (list: FileList | File[] | null) => {
    if (!list || list.length === 0) return
    const files = [...list]
    await cancellable(async (signal) => {
      const read = await readImport(
        files,
        ({ phase, file, percent }) =>
          setProgress({
            text:
              phase === 'unpacking'
                ? t('importing.unpacking', { file, percent })
                : t('importProgress.reading', { count: files.length, percent }),
            percent,
          }),
        signal,
      )
      setUnreadableTests(null)
      if (!read.ok) return setMessage(say(read.error))
      const existing = new Set(store.getState().files.map((file) => file.path))
      const clashes = read.archive.files.filter((file) => existing.has(file.path)).map((file) => file.path)
      if (clashes.length > 0) {
        setMessage(null)
        setPending({ archive: read.archive, clashes })
      } else await apply(read.archive, 'both', signal)
    })
  }
  const choose = (archive: ArchiveContents, choice: ClashChoice) => void cancellable((signal) => apply(archive, choice, signal))

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
          {t('importing.drop')}
        </div>
      )}
      <button
        type="button"
        className="button small"
        onClick={() => filesInput.current?.click()}
        title={t('importing.importTitle')}
        aria-label={t('importing.import')}
      >
        {t('importing.import')}
      </button>
      <button
        type="button"
        className="button small"
        onClick={() => folderInput.current?.click()}
        title={t('importing.folderTitle')}
        aria-label={t('importing.folder')}
      >
        {t('importing.folder')}
      </button>
      <input
        ref={filesInput}
        type="file"
        hidden
        multiple
        accept=".md,.zip"
        aria-label={t('importing.files')}
        onChange={(event) => void receive(event.target.files).finally(() => (event.target.value = ''))}
      />
      <input
        ref={folderRef}
        type="file"
        hidden
        aria-label={t('importing.folderFiles')}
        onChange={(event) => void receive(event.target.files).finally(() => (event.target.value = ''))}
      />
      {progress && (
        <span className="import-progress">
          <progress max={100} value={progress.percent} aria-label={t('importProgress.label')} />
          <span aria-live="polite">{progress.text}</span>
          <button type="button" className="link-button" onClick={cancel} aria-label={t('importProgress.cancel')}>
            {t('common.cancel')}
          </button>
        </span>
      )}
      {message && (
        <span className="import-message" role="status">
          {message}
          {unreadableTests && <KeptSuiteNote unreadable={unreadableTests} from="import" />}{' '}
          <button
            type="button"
            className="link-button"
            onClick={() => {
              setMessage(null)
              setUnreadableTests(null)
            }}
          >
            {t('common.ok')}
          </button>
        </span>
      )}
      {pending && (
        <div className="modal-backdrop">
          <div className="modal" role="dialog" aria-modal="true" aria-label={t('importing.clash')}>
            <h2>{t('importing.clashTitle')}</h2>
            <p>
              {t('importing.clashText', {
                count: pending.clashes.length,
                total: pending.archive.files.length,
                list: listed(pending.clashes),
              })}
            </p>
            <p className="hint">{t('importing.clashChoices')}</p>
            <div className="modal-actions">
              <button type="button" className="button" onClick={() => choose(pending.archive, 'both')} aria-label={t('importing.both')}>
                {t('importing.both')}
              </button>
              <button
                type="button"
                className="button"
                onClick={() => choose(pending.archive, 'replace')}
                aria-label={t('importing.replace')}
              >
                {t('importing.replace')}
              </button>
              <button type="button" className="button" onClick={() => choose(pending.archive, 'skip')} aria-label={t('importing.skip')}>
                {t('importing.skip')}
              </button>
              <button type="button" className="button" onClick={() => setPending(null)} aria-label={t('common.cancel')}>
                {t('common.cancel')}
              </button>
            </div>
          </div>
        </div>
      )}
    </>
  )
}
