import { useState } from 'react'
import {
  LIVE_BUILTIN_TOOL_NAMES,
  offersLive,
  type McpCatalogEntry,
  type McpServerStatus,
  type ServerTools,
  type ToolDescriptor,
} from '../../core/tools'
import type { KnowledgeDocument, MockRule } from '../../core/tools/types'
import { usePlayground, usePlaygroundStore, useToolRegistry, useWorkspace } from '../../state/PlaygroundProvider'
import { useServices } from '../common/services'
import { useT } from '../i18n/i18n'
import { SkillLevels } from './SkillLevels'
import { shownToolDescription } from '../editor/shownToolDescription'

/** Every tool with its schema and its mode (Mock or Live); the server's MCP tools by server; mocks, knowledge and files to edit. */
export default function ToolsPanel() {
  const { skills } = useWorkspace()
  const mocks = usePlayground((state) => state.toolMocks)
  const server = usePlayground((state) => state.serverTools)
  const tools = useToolRegistry()
  const { t } = useT()
  const declared = skills.flatMap((skill) => Object.entries(skill.tools).map(([name, tool]) => ({ skill: skill.name, name, tool })))
  const builtins = tools.tools.filter((tool) => tool.server === undefined)
  return (
    <section className="tools-panel" aria-label={t('a11y.tools')}>
      <p className="muted small">{t('tools.intro')}</p>
      {server === null && (
        <p className="note small" role="note">
          {t('tools.staticHost')}
        </p>
      )}
      {builtins.map((tool) => (
        <div key={tool.name} className="tool-card-frame">
          <details className="tool-card" aria-label={tool.name}>
            <summary>
              <code>{tool.name}</code> <ModeBadge tool={tool} />
              <span className="tool-description">{shownToolDescription(tool, t)}</span>
            </summary>
            <Schema tool={tool} />
            {tool.runs === 'mock' && <MockEditor tool={tool.name} rules={mocks[tool.name] ?? []} />}
            {tool.name === 'search_knowledge' && <KnowledgeEditor />}
            {tool.name === 'file_read' && <VirtualFilesEditor />}
          </details>
          {tool.runs === 'mock' && <ModeSelect tool={tool.name} />}
        </div>
      ))}
      {server !== null && server !== 'unknown' && server.servers.length > 0 && <McpServers server={server} />}
      {declared.length > 0 && <h3>{t('tools.declared')}</h3>}
      {declared.map(({ skill, name, tool }) => (
        <details key={`${skill}/${name}`} className="tool-card" aria-label={t('a11y.toolCard', { name, skill })}>
          <summary>
            <code>{name}</code> <span className="badge">{t('tools.from', { skill })}</span>
            <span className="tool-description">{tool.description}</span>
          </summary>
          <pre className="schema">{JSON.stringify(tool.parameters, null, 2)}</pre>
          <p className="muted small">{t('tools.declaredMock')}</p>
          <pre className="schema">{JSON.stringify(tool.mock, null, 2)}</pre>
        </details>
      ))}
      <SkillLevels />
    </section>
  )
}

function Schema({ tool }: { tool: ToolDescriptor }) {
  const { t } = useT()
  return (
    <pre className="schema" aria-label={t('tools.schema', { tool: tool.name })}>
      {JSON.stringify(tool.parameters, null, 2)}
    </pre>
  )
}

/** Where a call of this tool is answered, and its time-out. */
function ModeBadge({ tool }: { tool: ToolDescriptor }) {
  const { t } = useT()
  const modes = usePlayground((state) => state.toolModes)
  const server = usePlayground((state) => state.serverTools)
  if (tool.server !== undefined) {
    // The server's own time-out for this tool (its mcp.json timeoutMs), as the run waits for it.
    const info = server !== 'unknown' ? server?.live.find((candidate) => candidate.name === tool.name) : undefined
    if (info?.timeoutMs === undefined) return <span className="badge live-badge">{t('tools.liveBadge')}</span>
    const seconds = info.timeoutMs / 1000
    return (
      <span className="badge live-badge" title={t('mcp.timeoutTitle', { seconds, total: (info.maxWaitMs ?? info.timeoutMs) / 1000 })}>
        {t(info.task ? 'mcp.badgeTask' : 'mcp.badge', { seconds })}
      </span>
    )
  }
  if (tool.runs !== 'mock') return <span className="badge">{t('tools.localBadge')}</span>
  const live = modes[tool.name] === 'live' && offersLive(server === 'unknown' ? null : server, tool.name)
  return live ? <span className="badge live-badge">{t('tools.liveBadge')}</span> : <span className="badge">{t('tools.mockBadge')}</span>
}

/** Mock or Live for a tool the page mocks; Live only where the server runs it, and why not otherwise. */
function ModeSelect({ tool }: { tool: string }) {
  const { t } = useT()
  const store = usePlaygroundStore()
  const mode = usePlayground((state) => state.toolModes[tool] ?? 'mock')
  const server = usePlayground((state) => state.serverTools)
  const known = server === 'unknown' ? null : server
  const offered = offersLive(known, tool)
  const reason =
    server === 'unknown'
      ? t('tools.liveAsking')
      : server === null
        ? t('tools.liveStatic')
        : !LIVE_BUILTIN_TOOL_NAMES.includes(tool)
          ? t('tools.liveNone')
          : (server.unavailable.find((entry) => entry.name === tool)?.reason ?? t('tools.liveNone'))
  return (
    <div className="tool-mode">
      <select
        aria-label={t('tools.mode', { tool })}
        title={offered ? t('tools.liveTitle') : reason}
        value={offered ? mode : 'mock'}
        onChange={(event) => store.getState().setToolMode(tool, event.target.value === 'live' ? 'live' : 'mock')}
      >
        <option value="mock">{t('tools.modeMock')}</option>
        <option value="live" disabled={!offered}>
          {offered ? t('tools.modeLive') : t('tools.modeLiveUnavailable')}
        </option>
      </select>
      {!offered && mode === 'live' && <span className="warning-text small">{reason}</span>}
    </div>
  )
}

/** Each MCP server the server connects to: its state, its stderr when it failed, its tools. */
function McpServers({ server }: { server: ServerTools }) {
  const { t } = useT()
  const { liveTools } = useServices()
  const tools = useToolRegistry()
  const [busy, setBusy] = useState<string | null>(null)
  const [problem, setProblem] = useState<string | null>(null)
  const reconnect = async (name: string) => {
    setBusy(name)
    setProblem(null)
    try {
      await liveTools.reconnect(name)
    } catch (error) {
      setProblem(error instanceof Error ? error.message : String(error))
    } finally {
      setBusy(null)
    }
  }
  return (
    <>
      <h3>{t('tools.mcpTitle')}</h3>
      <p className="muted small">{t('tools.mcpIntro')}</p>
      {server.servers.map((status) => (
        <section key={status.name} className="mcp-server" aria-label={t('tools.mcpServer', { server: status.name })}>
          <div className="mcp-server-header">
            <strong>{status.name}</strong>
            <span className={`badge mcp-${status.state}`} role="status">
              {t(`tools.mcpState.${status.state}`, { count: status.tools })}
            </span>
            <button
              type="button"
              className="button small"
              disabled={busy !== null}
              aria-label={t('tools.reconnect', { server: status.name })}
              onClick={() => void reconnect(status.name)}
            >
              {busy === status.name ? t('tools.reconnecting') : t('tools.reconnectShort')}
            </button>
          </div>
          {status.message && (
            <p className="error-text small">
              {status.reason === 'exited-at-start' || status.reason === 'stopped'
                ? t(`tools.mcpReason.${status.reason}`)
                : status.reason
                  ? `${t(`tools.mcpReason.${status.reason}`)} ${status.message}`
                  : status.message}
            </p>
          )}
          {status.renewed && (
            <p className="note small" role="status" aria-label={t('mcp.renewedName', { server: status.name })}>
              {t('mcp.renewed', { status: status.renewed.status, count: status.renewed.count })}
            </p>
          )}
          {status.stderr && (
            <details>
              <summary className="small">{t('tools.stderr')}</summary>
              <pre className="schema" aria-label={t('tools.stderrOf', { server: status.name })}>
                {status.stderr}
              </pre>
            </details>
          )}
          {tools.tools
            .filter((tool) => tool.server === status.name)
            .map((tool) => (
              <details key={tool.name} className="tool-card" aria-label={tool.name}>
                <summary>
                  <code>{tool.name}</code> <ModeBadge tool={tool} />
                  <span className="tool-description">{tool.description}</span>
                </summary>
                <Schema tool={tool} />
              </details>
            ))}
          <McpCatalogView status={status} />
        </section>
      ))}
      {problem && (
        <p className="error-text small" role="alert">
          {problem}
        </p>
      )}
    </>
  )
}

/** A server's resources, resource templates and prompts, listed read only (as the MCP Inspector lists them). */
function McpCatalogView({ status }: { status: McpServerStatus }) {
  const { t } = useT()
  const catalog = status.catalog
  if (!catalog) return null
  return (
    <div className="mcp-catalog">
      {catalog.resources && <CatalogList kind="resources" server={status.name} entries={catalog.resources} />}
      {catalog.resourceTemplates && <CatalogList kind="templates" server={status.name} entries={catalog.resourceTemplates} />}
      {catalog.prompts && <CatalogList kind="prompts" server={status.name} entries={catalog.prompts} />}
      {catalog.notes?.map((note) => (
        <p key={note} className="warning-text small">
          {t('mcp.catalogNote', { note })}
        </p>
      ))}
    </div>
  )
}

function CatalogList({
  kind,
  server,
  entries,
}: {
  kind: 'resources' | 'templates' | 'prompts'
  server: string
  entries: McpCatalogEntry[]
}) {
  const { t } = useT()
  return (
    <details className="mcp-catalog-list" aria-label={t(`mcp.${kind}Of`, { server })}>
      <summary className="small">{t(`mcp.${kind}`, { count: entries.length })}</summary>
      {entries.length === 0 ? (
        <p className="muted small">{t('mcp.none')}</p>
      ) : (
        <ul className="mcp-catalog-entries">
          {entries.map((entry) => (
            <li key={entry.id}>
              <code>{entry.id}</code>
              {entry.name && <span> · {entry.name}</span>}
              {entry.mimeType && <span className="muted"> · {entry.mimeType}</span>}
              {entry.description && <div className="muted small">{entry.description}</div>}
              {kind === 'prompts' && (
                <div className="small">
                  {entry.arguments?.length
                    ? t('mcp.arguments', {
                        list: entry.arguments
                          .map((argument) => (argument.required ? t('mcp.requiredArgument', { name: argument.name }) : argument.name))
                          .join(', '),
                      })
                    : t('mcp.noArguments')}
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
    </details>
  )
}

function MockEditor({ tool, rules }: { tool: string; rules: MockRule[] }) {
  const { t } = useT()
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
        aria-label={t('tools.mocks', { tool })}
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
  const { t } = useT()
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
            aria-label={t('tools.documentTitle')}
            value={document.title}
            onChange={(event) => update(index, { title: event.target.value })}
          />
          <textarea
            aria-label={t('tools.documentText', { title: document.title })}
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
  const { t } = useT()
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
            aria-label={t('tools.fileContent', { path })}
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
          aria-label={t('tools.newFile')}
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
