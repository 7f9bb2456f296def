import { memo, useEffect, useRef, useState, type KeyboardEvent } from 'react'
import { skillFolderOf, type Skill, type SkillFile } from '../../core/skill'
import type { Finding } from '../../core/lint'
import { EVALS_FILE } from '../../core/evals/evalSuite'
import { ROUTING_TESTS_FILE } from '../../core/routingSuite'
import {
  useDeferredFileText,
  useDeferredWorkspace,
  useLint,
  usePlayground,
  usePlaygroundStore,
  useRoutingWinner,
  useSkillCode,
  useSkillCodeFiles,
} from '../../state/PlaygroundProvider'
import { RenameField } from './RenameField'
import { RenameToast } from './RenameToast'
import { NewSkillButton } from './NewSkillButton'
import { OtherFiles } from './OtherFiles'
import { useT } from '../i18n/i18n'
import { useVirtualRows } from '../common/useVirtualRows'

/** Height of a skill item without its action row, for the list's first estimate. */
const ITEM_HEIGHT = 46

/** The workspace's skills in load order, with add, rename, duplicate and delete. */
export function SkillList() {
  const { t } = useT()
  const store = usePlaygroundStore()
  // The list follows the files a frame after a keystroke, with the lint and the routing it shows:
  // a keystroke in the editor renders none of its thousands of items.
  const { skills } = useDeferredWorkspace()
  const lint = useLint()
  const selectedPath = usePlayground((state) => state.selectedPath)
  const lastDeleted = usePlayground((state) => state.lastDeleted)
  const { path: winnerPath, skill: winnerName } = useRoutingWinner()
  const draftPaths = usePlayground((state) => state.sharedDraft?.paths)
  const origins = usePlayground((state) => state.sharedOrigins)
  const code = useSkillCode()
  const codeFiles = useSkillCodeFiles()
  // A skill's code files (the item stays selected while one of them is open).
  const filesOf = (path: string) => codeFiles.get(skillFolderOf(path) ?? '') ?? NO_CODE
  const textOf = useDeferredFileText()
  const hasTests = textOf(ROUTING_TESTS_FILE) !== undefined
  const [renaming, setRenaming] = useState<string | null>(null)
  const listRef = useRef<HTMLUListElement>(null)
  const { selectSkill, duplicateSkill, deleteSkill, undoDelete } = store.getState()

  const rows = useVirtualRows(skills.length, listRef, ITEM_HEIGHT, { exactScroll: true })
  // The item may be outside the rendered rows: scroll it in, then focus it once it is rendered.
  const latest = useRef(skills)
  useEffect(() => {
    latest.current = skills
  }, [skills])
  const focusItem = (path: string, attempts = 4) =>
    requestAnimationFrame(() => {
      const item = listRef.current?.querySelector<HTMLElement>(`[data-path="${CSS.escape(path)}"]`)
      if (item) return item.focus()
      const position = latest.current.findIndex((skill) => skill.path === path)
      if (position >= 0) rows.scrollTo(position)
      if (attempts > 0) focusItem(path, attempts - 1)
    })

  const onKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    const index = skills.findIndex((skill) => skill.path === selectedPath)
    const move = (to: number) => {
      const target = skills[Math.max(0, Math.min(skills.length - 1, to))]
      if (!target) return
      event.preventDefault()
      selectSkill(target.path)
      focusItem(target.path)
    }
    if (event.key === 'ArrowDown') move(index + 1)
    else if (event.key === 'ArrowUp') move(index - 1)
    else if (event.key === 'Home') move(0)
    else if (event.key === 'End') move(skills.length - 1)
    else if (event.key === 'F2' && selectedPath) setRenaming(selectedPath)
    else if (event.key === 'Delete' && selectedPath) deleteSkill(selectedPath)
  }

  return (
    <nav className="pane skills-pane" aria-label={t('a11y.skillsPanel')}>
      <div className="pane-header">
        <h2>
          {t('skills.title')} <span className="count">{skills.length}</span>
        </h2>
        <NewSkillButton onCreated={focusItem} />
      </div>
      <ul className="skill-list" role="listbox" aria-label={t('a11y.skills')} ref={listRef} onKeyDown={onKeyDown}>
        {rows.before > 0 && <li role="presentation" aria-hidden="true" className="virtual-spacer" style={{ height: rows.before }} />}
        {rows.indexes.map((index) => skills[index]).filter((skill) => skill !== undefined).map((skill, offset) => (
          <SkillItem
            key={skill.path}
            index={rows.indexes[offset] ?? 0}
            setSize={skills.length}
            measure={rows.measure}
            skill={skill}
            selected={skill.path === selectedPath || filesOf(skill.path).some((file) => file.path === selectedPath)}
            codeFiles={filesOf(skill.path)}
            runnable={code.has(skill.path)}
            openFile={selectedPath}
            onOpenFile={selectSkill}
            onAddCode={() => store.getState().addSkillCode(skill.path)}
            winner={skill.path === winnerPath}
            findings={lint.findings.get(skill.path) ?? NO_FINDINGS}
            shared={draftPaths?.includes(skill.path) ?? false}
            changedSinceShared={origins[skill.path] !== undefined && origins[skill.path] !== textOf(skill.path)}
            renaming={renaming === skill.path}
            onSelect={() => selectSkill(skill.path)}
            onRename={() => setRenaming(skill.path)}
            onRenameDone={(finalPath) => {
              setRenaming(null)
              focusItem(finalPath ?? skill.path)
            }}
            onDuplicate={() => {
              const copy = duplicateSkill(skill.path)
              if (copy) focusItem(copy)
            }}
            onDelete={() => deleteSkill(skill.path)}
          />
        ))}
        {rows.after > 0 && <li role="presentation" aria-hidden="true" className="virtual-spacer" style={{ height: rows.after }} />}
      </ul>
      {skills.length === 0 && <p className="hint">{t('skills.empty')}</p>}
      <div className="skills-section">{t('skills.testsSection')}</div>
      <button
        type="button"
        className={`skill-item tests-item${selectedPath === ROUTING_TESTS_FILE ? ' selected' : ''}`}
        onClick={() => (hasTests ? selectSkill(ROUTING_TESTS_FILE) : store.getState().addRoutingCase(store.getState().utterance, winnerName))}
      >
        <span className="skill-name">{ROUTING_TESTS_FILE}</span>
        <span className="skill-item-path">{hasTests ? t('skills.testsFile') : t('skills.testsCreate')}</span>
      </button>
      <button
        type="button"
        className={`skill-item tests-item${selectedPath === EVALS_FILE ? ' selected' : ''}`}
        onClick={() => store.getState().createEvalsFile(winnerName, store.getState().utterance)}
      >
        <span className="skill-name">{EVALS_FILE}</span>
        <span className="skill-item-path">{textOf(EVALS_FILE) !== undefined ? t('skills.evalsFile') : t('skills.evalsCreate')}</span>
      </button>
      <OtherFiles />
      <RenameToast />
      {lastDeleted && (
        <div className="toast" role="status">
          {lastDeleted.removed.length > 1
            ? t('skills.deletedWithFolder', { path: lastDeleted.path, count: lastDeleted.removed.length - 1 })
            : t('skills.deleted', { path: lastDeleted.path })}
          <button type="button" className="link-button" onClick={undoDelete} aria-label={t('skills.undo')}>
            {t('skills.undo')}
          </button>
        </div>
      )}
    </nav>
  )
}

const NO_FINDINGS: readonly Finding[] = []
const NO_CODE: readonly SkillFile[] = []

interface SkillItemProps {
  /** Position in the list: only the items near the view are rendered. */
  index: number
  setSize: number
  measure: (element: Element | null) => void
  skill: Skill
  selected: boolean
  winner: boolean
  findings: readonly Finding[]
  shared: boolean
  changedSinceShared: boolean
  renaming: boolean
  /** The skill's code files (workspace paths), listed under it when it is selected. */
  codeFiles: readonly SkillFile[]
  /** It has an entry (skill.py or main.py) to run. */
  runnable: boolean
  openFile: string | null
  onOpenFile: (path: string) => void
  onAddCode: () => void
  onSelect: () => void
  onRename: () => void
  onRenameDone: (finalPath: string | null) => void
  onDuplicate: () => void
  onDelete: () => void
}

const SkillItem = memo(function SkillItem({ index, setSize, measure, skill, selected, winner, findings, shared, changedSinceShared, renaming, codeFiles, runnable, openFile, onOpenFile, onAddCode, onSelect, onRename, onRenameDone, onDuplicate, onDelete }: SkillItemProps) {
  const { t } = useT()
  const errors = findings.filter((finding) => finding.severity === 'error').length
  const warnings = findings.filter((finding) => finding.severity === 'warning').length
  return (
    <li
      role="option"
      aria-selected={selected}
      data-path={skill.path}
      data-index={index}
      ref={measure}
      aria-setsize={setSize}
      aria-posinset={index + 1}
      tabIndex={selected ? 0 : -1}
      className={`skill-item${selected ? ' selected' : ''}${shared ? ' shared' : ''}`}
      onClick={onSelect}
      onDoubleClick={onRename}
    >
      {renaming ? (
        <RenameField path={skill.path} initial={skill.name} onDone={onRenameDone} />
      ) : (
        <>
          <div className="skill-item-title">
            <span className="skill-name">{skill.name}</span>
            {winner && (
              <span className="badge winner-badge" title={t('skills.winsTitle')}>
                {t('skills.wins')}
              </span>
            )}
            {runnable && (
              <span className="badge code-badge" title={t('code.badgeTitle')}>
                {t('code.badge')}
              </span>
            )}
            {skill.entryMode === 'manual' && (
              <span className="badge" title="entry_mode: manual">
                {t('skills.manual')}
              </span>
            )}
            {shared && (
              <span className="badge shared-badge" title={t('skills.sharedTitle')}>
                {t('skills.shared')}
              </span>
            )}
            {changedSinceShared && (
              <span className="badge shared-badge" title={t('skills.changedTitle')}>
                {t('skills.changedSinceShared')}
              </span>
            )}
            {errors > 0 && (
              <span className="badge error-badge" title={t('skills.errors', { count: errors })}>
                {errors} ✕
              </span>
            )}
            {errors === 0 && warnings > 0 && (
              <span className="badge warning-badge" title={t('skills.warnings', { count: warnings })}>
                {warnings} !
              </span>
            )}
          </div>
          <div className="skill-item-path" title={skill.path}>
            {skill.path}
          </div>
          {selected && codeFiles.length > 0 && (
            <ul className="code-files" aria-label={t('code.files')} onClick={(event) => event.stopPropagation()}>
              {[{ path: skill.path }, ...codeFiles].map(({ path }) => (
                <li key={path}>
                  <button type="button" className={`link-button code-file${openFile === path ? ' open' : ''}`} aria-current={openFile === path} onClick={() => onOpenFile(path)}>
                    {path.slice(skill.path.lastIndexOf('/') + 1)}
                  </button>
                </li>
              ))}
            </ul>
          )}
          {selected && (
            <div className="skill-item-actions" onClick={(event) => event.stopPropagation()}>
              <button type="button" className="link-button" onClick={onRename} title={t('skills.renameTitle')} aria-label={t('skills.rename')}>
                {t('skills.rename')}
              </button>
              <button type="button" className="link-button" onClick={onDuplicate} aria-label={t('skills.duplicate')}>
                {t('skills.duplicate')}
              </button>
              {!runnable && skill.path.includes('/') && (
                <button type="button" className="link-button" onClick={onAddCode} title={t('code.addTitle')} aria-label={t('code.add')}>
                  {t('code.add')}
                </button>
              )}
              <button type="button" className="link-button danger" onClick={onDelete} title={t('skills.deleteTitle')} aria-label={t('skills.delete')}>
                {t('skills.delete')}
              </button>
            </div>
          )}
        </>
      )}
    </li>
  )
}, sameItem)

/** Items re-render only when what they show changes (callbacks act on the same path). */
function sameItem(a: SkillItemProps, b: SkillItemProps): boolean {
  const count = (findings: readonly Finding[], severity: Finding['severity']) => findings.filter((finding) => finding.severity === severity).length
  return (
    a.skill === b.skill &&
    a.index === b.index &&
    a.setSize === b.setSize &&
    a.selected === b.selected &&
    a.winner === b.winner &&
    a.shared === b.shared &&
    a.changedSinceShared === b.changedSinceShared &&
    a.renaming === b.renaming &&
    a.codeFiles === b.codeFiles &&
    a.runnable === b.runnable &&
    (a.selected ? a.openFile === b.openFile : true) &&
    count(a.findings, 'error') === count(b.findings, 'error') &&
    count(a.findings, 'warning') === count(b.findings, 'warning')
  )
}
