import { useState, type ClipboardEvent, type KeyboardEvent } from 'react'
import { applyFix } from '../../core/lint'
import { codePointLength } from '../../core/lib/text'
import { writtenDescription } from '../../core/skill/writtenDescription'
import { isToolSchemaPath, keywordsToAdd, splitKeywordList, type JsonSchema, type Skill } from '../../core/skill'
import { MAX_DESCRIPTION_CHARS } from '../../core/skill/fieldLimits'
import { useLint, usePlaygroundStore, useSkill, useTextOf, useToolRegistry, useWorkspace } from '../../state/PlaygroundProvider'
import { useT } from '../i18n/i18n'
import { redoIn, undoIn } from './modelHistory'
import { shownToolDescription } from './shownToolDescription'
import { SkillPreview } from './SkillPreview'
import { ToolFolderForm } from './ToolFolderForm'

/** Keys that end a keyword while typing: Enter, and the commas and separators of both keyboards. */
const SEPARATOR_KEYS = new Set(['Enter', ',', '，', '、', '；', ';'])

/**
 * The selected skill as a form: every field without YAML. Each edit rewrites only its own field
 * (src/core/skill/editSkillText.ts), so comments, order and unknown keys survive; it is an edit
 * of the same text, so Undo in the form or in SKILL.md takes it back.
 */
export default function SkillForm({ path }: { path: string }) {
  const { t, say } = useT()
  const store = usePlaygroundStore()
  const { skills } = useWorkspace()
  const skill = useSkill(path)
  const otherNames = skills.filter((candidate) => candidate.path !== path).map((candidate) => candidate.name)
  const text = useTextOf(path) ?? ''
  const lint = useLint()
  if (!skill) return <p className="hint">{t('editor.noSelection')}</p>
  // Seed 001's tool folder: its schema.json is the skill's file, shown here as read.
  if (isToolSchemaPath(path)) return <ToolFolderForm skill={skill} />

  const broken = skill.diagnostics.find((diagnostic) => diagnostic.code === 'frontmatter-syntax' || diagnostic.code === 'frontmatter-shape')
  const fix = broken ? lint.findings.get(path)?.find((finding) => finding.code === broken.code && finding.fix)?.fix : undefined
  // As written: an absent field is empty here, not the placeholder a listing shows.
  const description = writtenDescription(skill)
  const set = (field: Parameters<ReturnType<typeof store.getState>['setSkillField']>[1], value: unknown) =>
    store.getState().setSkillField(path, field, value)

  return (
    <form className="skill-form" aria-label={t('form.title')} onSubmit={(event) => event.preventDefault()}>
      <div className="form-toolbar">
        <button type="button" className="button small" onClick={() => undoIn(path)} aria-label={t('form.undo')} title={t('form.undoTitle')}>
          {t('form.undo')}
        </button>
        <button type="button" className="button small" onClick={() => redoIn(path)} aria-label={t('form.redo')}>
          {t('form.redo')}
        </button>
      </div>
      {broken && (
        <div className="banner error form-broken" role="alert">
          <span>{t('form.broken', { line: broken.range.startLine, message: broken.message })}</span>
          <button
            type="button"
            className="button small"
            onClick={() => store.getState().reveal(path, broken.range.startLine, broken.range.startColumn)}
          >
            {t('brokenYaml.showLine', { line: broken.range.startLine })}
          </button>
          {fix && (
            <button
              type="button"
              className="button small"
              onClick={() => store.getState().updateText(path, applyFix(text, fix))}
              aria-label={t('form.applyFix')}
            >
              {t('form.applyFix')}: {say(fix.label)}
            </button>
          )}
        </div>
      )}
      <fieldset disabled={broken !== undefined}>
        <NameField key={skill.name} skill={skill} />
        <label className="form-field">
          <span className="form-label">{t('form.description')}</span>
          <span className="form-help">{t('form.descriptionHelp')}</span>
          <textarea
            aria-label={t('form.description')}
            rows={4}
            value={description}
            onChange={(event) => set('description', event.target.value)}
          />
          <span className={`form-count${codePointLength(description) > MAX_DESCRIPTION_CHARS ? ' warning-text' : ''}`}>
            {t('form.characters', { count: codePointLength(description) })}
          </span>
        </label>
        <KeywordChips skill={skill} onChange={(keywords) => set('trigger_keywords', keywords)} />
        <ToolChecklist skill={skill} onChange={(tools) => set('required_tools', tools)} />
        <div className="form-row">
          <label className="form-field compact">
            <span className="form-label">{t('form.maxRounds')}</span>
            <input
              type="number"
              aria-label={t('form.maxRounds')}
              min={1}
              max={50}
              value={skill.maxRounds}
              onChange={(event) => {
                const rounds = Number(event.target.value)
                if (Number.isInteger(rounds) && rounds >= 1 && rounds <= 50) set('max_rounds', rounds)
              }}
            />
          </label>
          <label className="form-field compact">
            <span className="form-label">{t('form.entryMode')}</span>
            <select aria-label={t('form.entryMode')} value={skill.entryMode} onChange={(event) => set('entry_mode', event.target.value)}>
              <option value="auto">{t('form.auto')}</option>
              <option value="manual">{t('form.manual')}</option>
            </select>
          </label>
          <label className="form-field grow">
            <span className="form-label">{t('form.tags')}</span>
            <input
              aria-label={t('form.tags')}
              defaultValue={skill.tags.join(', ')}
              key={skill.tags.join('\u0000')}
              placeholder={t('form.tagsPlaceholder')}
              onBlur={(event) => set('tags', splitKeywordList(event.target.value))}
            />
          </label>
        </div>
        <div className="form-row">
          <label className="form-field grow">
            <span className="form-label">{t('form.group')}</span>
            <input
              aria-label={t('form.group')}
              defaultValue={/^group\s*:/m.test(text) ? (skill.group ?? '') : ''}
              key={skill.group ?? ''}
              placeholder={skill.group ? t('form.groupFromFolder', { group: skill.group }) : t('form.groupPlaceholder')}
              title={t('form.groupHelp')}
              onBlur={(event) => set('group', event.target.value.trim() || undefined)}
            />
          </label>
          <label className="form-field grow">
            <span className="form-label">{t('form.fallback')}</span>
            <select
              aria-label={t('form.fallback')}
              title={t('form.fallbackHelp')}
              value={skill.fallback ?? ''}
              onChange={(event) => set('fallback', event.target.value || undefined)}
            >
              <option value="">{t('form.noFallback')}</option>
              {skill.fallback && !otherNames.includes(skill.fallback) && <option value={skill.fallback}>{skill.fallback}</option>}
              {otherNames.map((name) => (
                <option key={name} value={name}>
                  {name}
                </option>
              ))}
            </select>
          </label>
        </div>
        <ParametersTable skill={skill} onChange={(schema) => set('parameters', schema)} />
        <BodyField skill={skill} />
      </fieldset>
    </form>
  )
}

function NameField({ skill }: { skill: Skill }) {
  const { t, say } = useT()
  const store = usePlaygroundStore()
  const [value, setValue] = useState(skill.name)
  const [error, setError] = useState<string | null>(null)
  const commit = () => {
    if (value.trim() === skill.name) return
    const problem = store.getState().renameSkill(skill.path, value)
    setError(problem ? say(problem) : null)
  }
  return (
    <label className="form-field">
      <span className="form-label">{t('form.name')}</span>
      <span className="form-help">{t('form.nameHelp', { path: skill.path })}</span>
      <input
        aria-label={t('form.name')}
        value={value}
        onChange={(event) => setValue(event.target.value)}
        onBlur={commit}
        onKeyDown={(event) => event.key === 'Enter' && commit()}
        aria-invalid={error !== null}
      />
      {error && (
        <span className="field-error" role="alert">
          {error}
        </span>
      )}
    </label>
  )
}

/** Trigger keywords as chips: type and press Enter or a comma (，、；too), or paste a list. */
function KeywordChips({ skill, onChange }: { skill: Skill; onChange: (keywords: string[]) => void }) {
  const { t } = useT()
  const [draft, setDraft] = useState('')
  // What was typed while the input had focus that the skill already had: named, not dropped
  // without a word. Each keyword ends its own entry, so the list grows until the input is entered again.
  const [already, setAlready] = useState<string[]>([])
  const keywords = skill.triggerKeywords
  const add = (text: string) => {
    const { added, already: repeated } = keywordsToAdd(keywords, text)
    if (added.length > 0) onChange([...keywords, ...added])
    if (repeated.length > 0) setAlready((named) => [...named, ...repeated.filter((keyword) => !named.includes(keyword))])
    setDraft('')
  }
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (SEPARATOR_KEYS.has(event.key) && !event.nativeEvent.isComposing) {
      event.preventDefault()
      add(draft)
    } else if (event.key === 'Backspace' && draft === '' && keywords.length > 0) onChange(keywords.slice(0, -1))
  }
  const onPaste = (event: ClipboardEvent<HTMLInputElement>) => {
    const pasted = event.clipboardData.getData('text')
    if (!/[,，、；;\n\u3000]/.test(pasted)) return
    event.preventDefault()
    add(draft + pasted)
  }
  return (
    <div className="form-field">
      <label className="form-label" htmlFor="keyword-input">
        {t('form.keywords')}
      </label>
      <span className="form-help">{t('form.keywordsHelp')}</span>
      <ul className="chips" aria-label={t('form.keywordList')}>
        {keywords.map((keyword, index) => {
          const lower = keyword.toLowerCase()
          const duplicate = keywords.slice(0, index).some((other) => other.toLowerCase() === lower)
          const outer = keywords.find((other) => other.toLowerCase() !== lower && other.toLowerCase().includes(lower) && lower !== '')
          const flag = duplicate ? t('form.duplicate') : outer ? t('form.nested', { outer }) : null
          return (
            <li key={`${keyword}:${index}`} className={`chip keyword-chip${flag ? ' flagged' : ''}`} title={flag ?? undefined}>
              <span>{keyword}</span>
              {flag && <span className="chip-flag">{flag}</span>}
              <button
                type="button"
                className="chip-remove"
                aria-label={t('form.removeKeyword', { keyword })}
                onClick={() => onChange(keywords.filter((_, i) => i !== index))}
              >
                ✕
              </button>
            </li>
          )
        })}
        <li className="chip-input">
          <input
            id="keyword-input"
            aria-label={t('form.keywords')}
            value={draft}
            placeholder={t('form.keywordsPlaceholder')}
            onChange={(event) => {
              const value = event.target.value
              // A separator typed by an input method (no keydown) also ends the keyword.
              if (/[,，、；;\n]/.test(value)) add(value)
              else setDraft(value)
            }}
            onKeyDown={onKeyDown}
            onPaste={onPaste}
            onFocus={() => setAlready([])}
            onBlur={() => draft.trim() !== '' && add(draft)}
          />
        </li>
      </ul>
      <span className="chip-status form-help" role="status" aria-label={t('keywordChips.status')}>
        {already.length > 0 && t('keywordChips.already', { list: already.join(t('renameToast.separator')) })}
      </span>
    </div>
  )
}

/** required_tools as a checklist of the tools that exist (none ticked: every tool is visible). */
function ToolChecklist({ skill, onChange }: { skill: Skill; onChange: (tools: string[]) => void }) {
  const { t } = useT()
  const tools = useToolRegistry()
  const own = Object.entries(skill.tools).map(([name, tool]) => ({ name, description: tool.description }))
  const all = [...tools.tools.map(({ name, description }) => ({ name, description })), ...own]
  const unknown = skill.requiredTools.filter((name) => !all.some((tool) => tool.name === name))
  const toggle = (name: string, on: boolean) => {
    const chosen = new Set(skill.requiredTools)
    if (on) chosen.add(name)
    else chosen.delete(name)
    onChange([...all.map((tool) => tool.name), ...unknown].filter((tool) => chosen.has(tool)))
  }
  return (
    <fieldset className="form-field tool-checklist">
      <legend className="form-label">{t('form.tools')}</legend>
      <span className="form-help">
        {skill.requiredTools.length === 0 ? t('form.toolsAll') : t('form.toolsSome', { count: skill.requiredTools.length })}
      </span>
      <ul>
        {all.map((tool) => (
          <li key={tool.name}>
            <label>
              <input
                type="checkbox"
                aria-label={tool.name}
                checked={skill.requiredTools.includes(tool.name)}
                onChange={(event) => toggle(tool.name, event.target.checked)}
              />
              <code>{tool.name}</code> <span className="muted small">{shownToolDescription(tool, t)}</span>
            </label>
          </li>
        ))}
        {unknown.map((name) => (
          <li key={name}>
            <label className="error-text">
              <input type="checkbox" aria-label={name} checked onChange={() => toggle(name, false)} />
              <code>{name}</code> {t('form.unknownTool')}
            </label>
          </li>
        ))}
      </ul>
      <span className="visually-hidden">{t('form.tools')}</span>
    </fieldset>
  )
}

type ParameterType = 'string' | 'number' | 'integer' | 'boolean' | 'array' | 'object'
interface ParameterRow {
  name: string
  type: ParameterType
  required: boolean
  description: string
}
const TYPES: ParameterType[] = ['string', 'number', 'integer', 'boolean', 'array', 'object']

/** The rows a parameters schema can be shown as, or null when it is richer than the table (then SKILL.md edits it). */
function rowsOf(schema: JsonSchema | undefined): ParameterRow[] | null {
  if (!schema) return []
  const properties = (schema.properties ?? {}) as Record<string, Record<string, unknown>>
  const required = Array.isArray(schema.required) ? (schema.required as string[]) : []
  const rows: ParameterRow[] = []
  for (const [name, property] of Object.entries(properties)) {
    if (typeof property !== 'object' || property === null) return null
    const extra = Object.keys(property).filter(
      (key) => key !== 'type' && key !== 'description' && !(key === 'items' && property.type === 'array'),
    )
    if (extra.length > 0 || !TYPES.includes(property.type as ParameterType)) return null
    rows.push({
      name,
      type: property.type as ParameterType,
      required: required.includes(name),
      description: typeof property.description === 'string' ? property.description : '',
    })
  }
  return rows
}

function schemaOf(rows: readonly ParameterRow[]): JsonSchema | undefined {
  const named = rows.filter((row) => row.name.trim() !== '')
  if (named.length === 0) return undefined
  return {
    type: 'object',
    properties: Object.fromEntries(
      named.map((row) => [
        row.name.trim(),
        {
          type: row.type,
          ...(row.type === 'array' ? { items: { type: 'string' } } : {}),
          ...(row.description ? { description: row.description } : {}),
        },
      ]),
    ),
    ...(named.some((row) => row.required) ? { required: named.filter((row) => row.required).map((row) => row.name.trim()) } : {}),
  }
}

/** Parameters as a small table (name, type, required, description) that writes JSON Schema. */
function ParametersTable({ skill, onChange }: { skill: Skill; onChange: (schema: JsonSchema | undefined) => void }) {
  const { t } = useT()
  const rows = rowsOf(skill.parameters)
  const update = (next: ParameterRow[]) => onChange(schemaOf(next))
  return (
    <div className="form-field">
      <span className="form-label">{t('form.parameters')}</span>
      <span className="form-help">{t('form.parametersHelp')}</span>
      {rows === null ? (
        <p className="muted small">{t('form.parametersComplex')}</p>
      ) : (
        <table className="parameters" aria-label={t('form.parameters')}>
          <thead>
            <tr>
              <th scope="col">{t('form.paramName')}</th>
              <th scope="col">{t('form.paramType')}</th>
              <th scope="col">{t('form.paramRequired')}</th>
              <th scope="col">{t('form.paramDescription')}</th>
              <th scope="col">
                <span className="visually-hidden">{t('tests.actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row, index) => {
              const change = (patch: Partial<ParameterRow>) =>
                update(rows.map((other, i) => (i === index ? { ...other, ...patch } : other)))
              return (
                <tr key={index}>
                  <td>
                    <input
                      aria-label={t('form.paramName')}
                      defaultValue={row.name}
                      onBlur={(event) => event.target.value !== row.name && change({ name: event.target.value })}
                    />
                  </td>
                  <td>
                    <select
                      aria-label={t('form.paramType')}
                      value={row.type}
                      onChange={(event) => change({ type: event.target.value as ParameterType })}
                    >
                      {TYPES.map((type) => (
                        <option key={type} value={type}>
                          {type}
                        </option>
                      ))}
                    </select>
                  </td>
                  <td>
                    <input
                      type="checkbox"
                      aria-label={t('form.paramRequired')}
                      checked={row.required}
                      onChange={(event) => change({ required: event.target.checked })}
                    />
                  </td>
                  <td>
                    <input
                      aria-label={t('form.paramDescription')}
                      defaultValue={row.description}
                      onBlur={(event) => event.target.value !== row.description && change({ description: event.target.value })}
                    />
                  </td>
                  <td>
                    <button
                      type="button"
                      className="link-button danger"
                      onClick={() => update(rows.filter((_, i) => i !== index))}
                      aria-label={t('form.removeParam', { name: row.name })}
                    >
                      ✕
                    </button>
                  </td>
                </tr>
              )
            })}
          </tbody>
        </table>
      )}
      {rows !== null && (
        <button
          type="button"
          className="button small"
          onClick={() => update([...rows, { name: `param${rows.length + 1}`, type: 'string', required: false, description: '' }])}
          aria-label={t('form.addParam')}
        >
          {t('form.addParam')}
        </button>
      )}
    </div>
  )
}

/** The body (the system prompt) as Markdown, with the preview one click away. */
function BodyField({ skill }: { skill: Skill }) {
  const { t } = useT()
  const store = usePlaygroundStore()
  const [preview, setPreview] = useState(false)
  return (
    <div className="form-field">
      <div className="form-label-row">
        <span className="form-label">{t('form.body')}</span>
        <button
          type="button"
          className="button small"
          aria-pressed={preview}
          onClick={() => setPreview(!preview)}
          aria-label={t('form.bodyPreview')}
        >
          {preview ? t('form.bodyEdit') : t('form.bodyPreview')}
        </button>
      </div>
      <span className="form-help">{t('form.bodyHelp')}</span>
      {preview ? (
        <SkillPreview path={skill.path} />
      ) : (
        <textarea
          className="body-editor"
          aria-label={t('form.body')}
          rows={12}
          value={skill.body}
          onChange={(event) => store.getState().setSkillBody(skill.path, event.target.value)}
        />
      )}
    </div>
  )
}
