import { useState } from 'react'
import type { KnowledgeDocument, MockRule } from '../../core/tools/types'
import { usePlayground, usePlaygroundStore, useWorkspace } from '../../state/PlaygroundProvider'
import { useServices } from '../common/services'
import { useT } from '../i18n/i18n'

/** Every tool with its schema; mock responses, knowledge documents and virtual files to edit. */
export default function ToolsPanel() {
  const { skills } = useWorkspace()
  const mocks = usePlayground((state) => state.toolMocks)
  const { tools } = useServices()
  const { t, en } = useT()
  const declared = skills.flatMap((skill) => Object.entries(skill.tools).map(([name, tool]) => ({ skill: skill.name, name, tool })))
  return (
    <section className="tools-panel" aria-label="Tools">
      <p className="muted small">{t('tools.intro')}</p>
      {tools.tools.map((tool) => (
        <details key={tool.name} className="tool-card" aria-label={tool.name}>
          <summary>
            <code>{tool.name}</code> <span className="badge">{tool.mocked ? t('tools.mockBadge') : t('tools.localBadge')}</span>
            <span className="tool-description">{tool.description}</span>
          </summary>
          <pre className="schema" aria-label={en('tools.schema', { tool: tool.name })}>
            {JSON.stringify(tool.parameters, null, 2)}
          </pre>
          {tool.mocked && <MockEditor tool={tool.name} rules={mocks[tool.name] ?? []} />}
          {tool.name === 'search_knowledge' && <KnowledgeEditor />}
          {tool.name === 'file_read' && <VirtualFilesEditor />}
        </details>
      ))}
      {declared.length > 0 && <h3>{t('tools.declared')}</h3>}
      {declared.map(({ skill, name, tool }) => (
        <details key={`${skill}/${name}`} className="tool-card" aria-label={`${name} (from ${skill})`}>
          <summary>
            <code>{name}</code> <span className="badge">{t('tools.from', { skill })}</span>
            <span className="tool-description">{tool.description}</span>
          </summary>
          <pre className="schema">{JSON.stringify(tool.parameters, null, 2)}</pre>
          <p className="muted small">{t('tools.declaredMock')}</p>
          <pre className="schema">{JSON.stringify(tool.mock, null, 2)}</pre>
        </details>
      ))}
    </section>
  )
}

function MockEditor({ tool, rules }: { tool: string; rules: MockRule[] }) {
  const { t, en } = useT()
  const store = usePlaygroundStore()
  const [text, setText] = useState(() => JSON.stringify(rules, null, 2))
  const [error, setError] = useState<string | null>(null)
  const apply = (value: string) => {
    setText(value)
    try {
      const parsed: unknown = JSON.parse(value)
      if (!Array.isArray(parsed) || !parsed.every((rule) => typeof rule === 'object' && rule !== null && 'response' in rule)) {
        setError(t('tools.mockShape'))
        return
      }
      setError(null)
      store.getState().setToolMocks(tool, parsed as MockRule[])
    } catch (problem) {
      setError(t('tools.mockJson', { problem: problem instanceof Error ? problem.message : String(problem) }))
    }
  }
  return (
    <label className="editor-field">
      <span>{t('tools.mocks', { tool })}</span>
      <textarea
        aria-label={en('tools.mocks', { tool })}
        value={text}
        spellCheck={false}
        rows={Math.min(16, text.split('\n').length + 1)}
        onChange={(event) => apply(event.target.value)}
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

function KnowledgeEditor() {
  const { t, en } = useT()
  const store = usePlaygroundStore()
  const documents = usePlayground((state) => state.knowledge)
  const update = (index: number, change: Partial<KnowledgeDocument>) =>
    store.getState().setKnowledge(documents.map((document, i) => (i === index ? { ...document, ...change } : document)))
  return (
    <div className="resource-list">
      <div className="resource-header">
        <strong>{t('tools.knowledge')}</strong> <span className="muted small">{t('tools.knowledgeNote')}</span>
        <button
          type="button"
          className="button small"
          onClick={() =>
            store.getState().setKnowledge([...documents, { id: `doc-${Date.now().toString(36)}`, title: t('tools.newDocument'), text: '' }])
          }
        >
          {t('tools.addDocument')}
        </button>
      </div>
      {documents.map((document, index) => (
        <div key={document.id} className="resource">
          <input
            aria-label={en('tools.documentTitle')}
            value={document.title}
            onChange={(event) => update(index, { title: event.target.value })}
          />
          <textarea
            aria-label={en('tools.documentText', { title: document.title })}
            value={document.text}
            rows={3}
            onChange={(event) => update(index, { text: event.target.value })}
          />
          <button
            type="button"
            className="link-button danger"
            onClick={() => store.getState().setKnowledge(documents.filter((_, i) => i !== index))}
          >
            {t('common.remove')}
          </button>
        </div>
      ))}
    </div>
  )
}

function VirtualFilesEditor() {
  const { t, en } = useT()
  const store = usePlaygroundStore()
  const files = usePlayground((state) => state.virtualFiles)
  const [newPath, setNewPath] = useState('')
  return (
    <div className="resource-list">
      <div className="resource-header">
        <strong>{t('tools.files')}</strong> <span className="muted small">{t('tools.filesNote')}</span>
      </div>
      {Object.entries(files).map(([path, content]) => (
        <div key={path} className="resource">
          <code>{path}</code>
          <textarea
            aria-label={en('tools.fileContent', { path })}
            value={content}
            rows={3}
            onChange={(event) => store.getState().writeVirtualFile(path, event.target.value)}
          />
          <button type="button" className="link-button danger" onClick={() => store.getState().deleteVirtualFile(path)}>
            {t('skills.delete')}
          </button>
        </div>
      ))}
      <form
        className="resource-add"
        onSubmit={(event) => {
          event.preventDefault()
          const path = newPath.trim()
          if (path && !path.startsWith('/') && !path.split('/').includes('..')) store.getState().writeVirtualFile(path, '')
          setNewPath('')
        }}
      >
        <input
          aria-label={en('tools.newFile')}
          placeholder="notes/new.md"
          value={newPath}
          onChange={(event) => setNewPath(event.target.value)}
        />
        <button type="submit" className="button small">
          {t('tools.addFile')}
        </button>
      </form>
    </div>
  )
}
