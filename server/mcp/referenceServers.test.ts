/**
 * The public MCP reference servers (docs/live-tools.md, "Tested against the reference servers"),
 * as npm installs them, through the McpHub the playground's server uses: server-everything,
 * server-filesystem (rooted in a fresh folder) and server-memory (its file in a fresh folder) over
 * stdio, and server-everything over Streamable HTTP on a loopback port, restarted under the hub.
 * Every tool each one lists is called with arguments built from its input schema.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { McpToolResult } from '../../src/core/tools/mcpContent'
import { McpHub, type McpServerConfig } from './mcpHub'

const PACKAGES = resolve(import.meta.dirname, '../../node_modules/@modelcontextprotocol')
const entry = (name: string) => join(PACKAGES, name, 'dist/index.js')
const versionOf = (name: string) => (JSON.parse(readFileSync(join(PACKAGES, name, 'package.json'), 'utf8')) as { version: string }).version
const never = () => new AbortController().signal
/** A 1×1 PNG, for server-filesystem's read_media_file. */
const DOT_PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=='
const PNG_SIGNATURE = '89504e470d0a1a0a'
/** A key in the playground's own environment: a stdio server must not see it (it gets a minimal environment plus its `env`). */
const SECRET = 'sk-reference-servers-secret-3b7d'

/** Tools server-everything registers only for a client that announces roots, sampling or elicitation, which the playground does not. */
const NEEDS_CLIENT_CAPABILITIES = [
  'get-roots-list',
  'trigger-elicitation-request',
  'trigger-elicitation-request-async',
  'trigger-sampling-request',
  'trigger-sampling-request-async',
  'trigger-url-elicitation',
]

const EVERYTHING_TOOLS = [
  'echo',
  'get-annotated-message',
  'get-env',
  'get-resource-links',
  'get-resource-reference',
  'get-structured-content',
  'get-sum',
  'get-tiny-image',
  'gzip-file-as-resource',
  'toggle-simulated-logging',
  'toggle-subscriber-updates',
  'trigger-long-running-operation',
  'simulate-research-query',
]
const FILESYSTEM_TOOLS = [
  'read_file',
  'read_text_file',
  'read_media_file',
  'read_multiple_files',
  'write_file',
  'edit_file',
  'create_directory',
  'list_directory',
  'list_directory_with_sizes',
  'directory_tree',
  'move_file',
  'search_files',
  'get_file_info',
  'list_allowed_directories',
]
const MEMORY_TOOLS = [
  'create_entities',
  'create_relations',
  'add_observations',
  'delete_entities',
  'delete_observations',
  'delete_relations',
  'read_graph',
  'search_nodes',
  'open_nodes',
]

/** One call: the server's tool, its arguments, and what its answer must hold. */
interface Step {
  tool: string
  args: Record<string, unknown>
  check: (result: McpToolResult) => void
}

const imageOf = (result: McpToolResult) => {
  const image = result.content?.find((item) => item.type === 'image')
  expect(image).toMatchObject({ type: 'image', mimeType: 'image/png' })
  if (image?.type !== 'image' || image.data === undefined) throw new Error('The image came without its data.')
  const bytes = Buffer.from(image.data, 'base64')
  // The image itself: PNG bytes of the size reported, not a type name.
  expect(bytes.subarray(0, 8).toString('hex')).toBe(PNG_SIGNATURE)
  expect(image.bytes).toBe(bytes.length)
  return image
}

const HELLO = `data:text/plain;base64,${Buffer.from('Hello from the reference test.\n').toString('base64')}`

/** server-everything's tools, each called once or more (the toggles twice, to leave them off). */
function everythingSteps(env: () => Record<string, string>, researchTopic: { topic: string; ambiguous: boolean }): Step[] {
  return [
    { tool: 'echo', args: { message: 'hello' }, check: (result) => expect(result).toEqual({ text: 'Echo: hello' }) },
    {
      tool: 'get-annotated-message',
      args: { messageType: 'success', includeImage: true },
      check: (result) => {
        expect(result.text).toBe('Operation completed successfully')
        imageOf(result)
      },
    },
    {
      tool: 'get-env',
      args: {},
      check: (result) => {
        const seen = JSON.parse(result.text ?? '{}') as Record<string, string>
        expect(seen).toMatchObject(env())
        expect(result.text).not.toContain(SECRET)
      },
    },
    {
      tool: 'get-resource-links',
      args: { count: 2 },
      check: (result) => {
        expect(result.text).toBe('Here are 2 resource links to resources available in this server:')
        expect(result.content).toEqual([
          {
            type: 'resource_link',
            uri: 'demo://resource/dynamic/blob/1',
            name: 'Blob Resource 1',
            mimeType: 'text/plain',
            description: 'Resource 1: plaintext resource',
          },
          {
            type: 'resource_link',
            uri: 'demo://resource/dynamic/text/2',
            name: 'Text Resource 2',
            mimeType: 'text/plain',
            description: 'Resource 2: plaintext resource',
          },
        ])
      },
    },
    {
      tool: 'get-resource-reference',
      args: { resourceType: 'Text', resourceId: 1 },
      check: (result) =>
        expect(result.content).toEqual([
          {
            type: 'resource',
            uri: 'demo://resource/dynamic/text/1',
            mimeType: 'text/plain',
            text: expect.stringMatching(/^Resource 1: This is a plaintext resource created at /) as unknown,
          },
        ]),
    },
    {
      tool: 'get-resource-reference',
      args: { resourceType: 'Blob', resourceId: 2 },
      check: (result) =>
        expect(result.content).toEqual([
          { type: 'resource', uri: 'demo://resource/dynamic/blob/2', mimeType: 'text/plain', bytes: expect.any(Number) as unknown },
        ]),
    },
    {
      tool: 'get-structured-content',
      args: { location: 'Chicago' },
      check: (result) => {
        expect(result.structured).toMatchObject({ temperature: expect.any(Number), conditions: expect.any(String) })
        expect(JSON.parse(result.text ?? '')).toEqual(result.structured)
      },
    },
    { tool: 'get-sum', args: { a: 2, b: 3 }, check: (result) => expect(result).toEqual({ text: 'The sum of 2 and 3 is 5.' }) },
    {
      tool: 'get-tiny-image',
      args: {},
      check: (result) => {
        expect(result.text).toBe("Here's the image you requested:\nThe image above is the MCP logo.")
        expect(result.content).toHaveLength(1)
        expect(imageOf(result).bytes).toBeGreaterThan(1000)
      },
    },
    {
      tool: 'gzip-file-as-resource',
      // A data URI: the tool fetches http(s) addresses too, and a test stays on this machine.
      args: { name: 'hello.txt.gz', data: HELLO, outputType: 'resource' },
      check: (result) =>
        expect(result.content).toEqual([
          {
            type: 'resource',
            uri: 'demo://resource/session/hello.txt.gz',
            mimeType: 'application/gzip',
            bytes: expect.any(Number) as unknown,
          },
        ]),
    },
    {
      tool: 'gzip-file-as-resource',
      args: { name: 'hello-link.txt.gz', data: HELLO, outputType: 'resourceLink' },
      check: (result) =>
        expect(result.content).toEqual([
          {
            type: 'resource_link',
            uri: 'demo://resource/session/hello-link.txt.gz',
            name: 'hello-link.txt.gz',
            mimeType: 'application/gzip',
          },
        ]),
    },
    { tool: 'toggle-simulated-logging', args: {}, check: (result) => expect(result.text).toMatch(/^Started simulated/) },
    { tool: 'toggle-simulated-logging', args: {}, check: (result) => expect(result.text).toMatch(/^Stopped simulated logging/) },
    { tool: 'toggle-subscriber-updates', args: {}, check: (result) => expect(result.text).toMatch(/^Started simulated resource updated/) },
    { tool: 'toggle-subscriber-updates', args: {}, check: (result) => expect(result.text).toMatch(/^Stopped simulated resource updates/) },
    {
      tool: 'trigger-long-running-operation',
      args: { duration: 1, steps: 2 },
      check: (result) => expect(result).toEqual({ text: 'Long running operation completed. Duration: 1 seconds, Steps: 2.' }),
    },
    {
      // Requires task-based execution: created, polled and fetched by the hub (the server waits
      // out each of its research stages, so this call is the slowest here).
      tool: 'simulate-research-query',
      args: researchTopic,
      check: (result) => {
        expect(result.text).toContain(`# Research Report: ${researchTopic.topic}`)
        // An ambiguous query would ask for elicitation (input_required), which this client does not
        // announce: the server skips the question and the task goes straight to its result.
        if (researchTopic.ambiguous) expect(result.text).toContain('Status progressed: `working` → `completed`')
      },
    },
  ]
}

function filesystemSteps(root: string): Step[] {
  const at = (name: string) => join(root, name)
  const ok = (text: string) => (result: McpToolResult) => expect(result.text).toBe(text)
  return [
    {
      tool: 'write_file',
      args: { path: at('notes.txt'), content: 'line one\nline two\nline three' },
      check: ok(`Successfully wrote to ${at('notes.txt')}`),
    },
    { tool: 'read_file', args: { path: at('notes.txt'), head: 1 }, check: ok('line one') },
    { tool: 'read_text_file', args: { path: at('notes.txt'), tail: 2 }, check: ok('line two\nline three') },
    {
      tool: 'read_media_file',
      args: { path: at('dot.png') },
      check: (result) => {
        expect(imageOf(result)).toEqual({ type: 'image', mimeType: 'image/png', bytes: 70, data: DOT_PNG })
        // The server repeats the image in its structured content; its bytes stay in the content item only.
        expect(JSON.stringify(result.structured)).not.toContain(DOT_PNG)
        expect(result.structured).toEqual({ content: [{ type: 'image', mimeType: 'image/png', data: '[base64 left out: 70 B]' }] })
      },
    },
    {
      tool: 'read_multiple_files',
      args: { paths: [at('notes.txt'), at('missing.txt')] },
      check: (result) => {
        expect(result.text).toContain('line one\nline two\nline three')
        expect(result.text).toContain('missing.txt: Error - ENOENT')
      },
    },
    {
      tool: 'edit_file',
      args: { path: at('notes.txt'), edits: [{ oldText: 'line two', newText: 'line 2' }] },
      check: (result) => expect(result.text).toContain('-line two\n+line 2'),
    },
    { tool: 'create_directory', args: { path: at('sub') }, check: ok(`Successfully created directory ${at('sub')}`) },
    { tool: 'list_directory', args: { path: root }, check: ok('[FILE] dot.png\n[FILE] notes.txt\n[DIR] sub') },
    {
      tool: 'list_directory_with_sizes',
      args: { path: root, sortBy: 'name' },
      check: (result) => expect(result.text).toMatch(/Total: 2 files, 1 directories/),
    },
    {
      tool: 'directory_tree',
      args: { path: root },
      check: (result) =>
        expect(JSON.parse(result.text ?? '')).toEqual([
          { name: 'dot.png', type: 'file' },
          { name: 'notes.txt', type: 'file' },
          { name: 'sub', type: 'directory', children: [] },
        ]),
    },
    {
      tool: 'move_file',
      args: { source: at('notes.txt'), destination: at('sub/notes.txt') },
      check: ok(`Successfully moved ${at('notes.txt')} to ${at('sub/notes.txt')}`),
    },
    { tool: 'search_files', args: { path: root, pattern: '**/*.txt' }, check: ok(at('sub/notes.txt')) },
    {
      tool: 'get_file_info',
      args: { path: at('sub/notes.txt') },
      check: (result) => expect(result.text).toMatch(/^size: 26\n[^]*isFile: true/),
    },
    { tool: 'list_allowed_directories', args: {}, check: ok(`Allowed directories:\n${root}`) },
  ]
}

const MEMORY_STEPS: Step[] = [
  {
    tool: 'create_entities',
    args: {
      entities: [
        { name: 'Ada', entityType: 'person', observations: ['wrote the first program'] },
        { name: 'Analytical Engine', entityType: 'machine', observations: [] },
      ],
    },
    check: (result) => expect(result.structured).toMatchObject({ entities: [{ name: 'Ada' }, { name: 'Analytical Engine' }] }),
  },
  {
    tool: 'create_relations',
    args: { relations: [{ from: 'Ada', to: 'Analytical Engine', relationType: 'programmed' }] },
    check: (result) =>
      expect(result.structured).toEqual({ relations: [{ from: 'Ada', to: 'Analytical Engine', relationType: 'programmed' }] }),
  },
  {
    tool: 'add_observations',
    args: { observations: [{ entityName: 'Ada', contents: ['born 1815'] }] },
    check: (result) => expect(result.structured).toEqual({ results: [{ entityName: 'Ada', addedObservations: ['born 1815'] }] }),
  },
  {
    tool: 'read_graph',
    args: {},
    check: (result) =>
      expect(result.structured).toMatchObject({
        entities: [{ name: 'Ada', observations: ['wrote the first program', 'born 1815'] }, { name: 'Analytical Engine' }],
        relations: [{ relationType: 'programmed' }],
      }),
  },
  {
    tool: 'search_nodes',
    args: { query: '1815' },
    check: (result) => expect(result.structured).toMatchObject({ entities: [{ name: 'Ada' }] }),
  },
  {
    tool: 'open_nodes',
    args: { names: ['Analytical Engine'] },
    check: (result) => expect(result.structured).toMatchObject({ entities: [{ name: 'Analytical Engine', entityType: 'machine' }] }),
  },
  {
    tool: 'delete_observations',
    args: { deletions: [{ entityName: 'Ada', observations: ['born 1815'] }] },
    check: (result) => expect(result.text).toBe('Observations deleted successfully'),
  },
  {
    tool: 'delete_relations',
    args: { relations: [{ from: 'Ada', to: 'Analytical Engine', relationType: 'programmed' }] },
    check: (result) => expect(result.text).toBe('Relations deleted successfully'),
  },
  {
    tool: 'delete_entities',
    args: { entityNames: ['Analytical Engine'] },
    check: (result) => expect(result.text).toBe('Entities deleted successfully'),
  },
]

async function hubOf(servers: Record<string, McpServerConfig>): Promise<McpHub> {
  const hub = new McpHub({ servers, problems: [], path: null }, { callTimeoutMs: 10_000, connectTimeoutMs: 20_000 })
  hub.start()
  await hub.settled()
  return hub
}

/** The server's own tool names behind the hub's `<server>__<tool>` names. */
const listed = (hub: McpHub, server: string) =>
  hub.tools().flatMap((tool) => (tool.server === server ? [tool.name.slice(server.length + 2)] : []))

/** Runs the steps in order, one `it` each, against `<server>__<tool>`. */
function callEach(hub: () => McpHub, server: string, steps: () => Step[]) {
  const names = steps().map((step) => step.tool)
  names.forEach((tool, index) => {
    const repeat = names.slice(0, index).filter((name) => name === tool).length
    it(`${server}: ${tool}${repeat > 0 ? ` (call ${repeat + 1})` : ''} answers`, async () => {
      const step = steps()[index]!
      step.check(await hub().call(`${server}__${step.tool}`, step.args, never()))
    }, 15_000)
  })
}

describe(`server-everything ${versionOf('server-everything')}, server-filesystem ${versionOf('server-filesystem')} and server-memory ${versionOf('server-memory')} over stdio`, () => {
  let hub: McpHub
  const root = mkdtempSync(join(tmpdir(), 'reference-fs-'))
  const memoryFile = join(mkdtempSync(join(tmpdir(), 'reference-memory-')), 'memory.jsonl')
  const savedKey = process.env.OPENAI_API_KEY

  beforeAll(async () => {
    writeFileSync(join(root, 'dot.png'), Buffer.from(DOT_PNG, 'base64'))
    process.env.OPENAI_API_KEY = SECRET
    hub = await hubOf({
      everything: { command: process.execPath, args: [entry('server-everything'), 'stdio'], env: {} },
      filesystem: { command: process.execPath, args: [entry('server-filesystem'), root], env: {} },
      memory: { command: process.execPath, args: [entry('server-memory')], env: { MEMORY_FILE_PATH: memoryFile } },
    })
  }, 30_000)
  afterAll(async () => {
    if (savedKey === undefined) delete process.env.OPENAI_API_KEY
    else process.env.OPENAI_API_KEY = savedKey
    await hub.close()
  })

  it('lists 36 tools (13 + 14 + 9); the six that need roots, sampling or elicitation are not offered to this client', () => {
    expect(hub.status().map(({ name, state, tools }) => ({ name, state, tools }))).toEqual([
      { name: 'everything', state: 'ready', tools: 13 },
      { name: 'filesystem', state: 'ready', tools: 14 },
      { name: 'memory', state: 'ready', tools: 9 },
    ])
    expect(listed(hub, 'everything')).toEqual(EVERYTHING_TOOLS)
    expect(listed(hub, 'filesystem')).toEqual(FILESYSTEM_TOOLS)
    expect(listed(hub, 'memory')).toEqual(MEMORY_TOOLS)
    expect(
      hub
        .tools()
        .filter((tool) => tool.task)
        .map((tool) => tool.name),
    ).toEqual(['everything__simulate-research-query'])
    for (const tool of NEEDS_CLIENT_CAPABILITIES) expect(listed(hub, 'everything')).not.toContain(tool)
    expect(hub.status()[0]!.catalog).toMatchObject({
      resources: expect.arrayContaining([expect.objectContaining({ id: 'demo://resource/static/document/architecture.md' })]) as unknown,
      prompts: expect.arrayContaining([expect.objectContaining({ id: 'simple-prompt' })]) as unknown,
    })
  })

  it('has a step for every tool listed', () => {
    const stepped = (steps: Step[]) => [...new Set(steps.map((step) => step.tool))].sort()
    expect(stepped(everythingSteps(() => ({}), { topic: 'x', ambiguous: false }))).toEqual([...EVERYTHING_TOOLS].sort())
    expect(stepped(filesystemSteps(root))).toEqual([...FILESYSTEM_TOOLS].sort())
    expect(stepped(MEMORY_STEPS)).toEqual([...MEMORY_TOOLS].sort())
  })

  // A stdio server gets HOME, LOGNAME, PATH, SHELL, TERM and USER, and its own `env`: not the playground's key.
  callEach(
    () => hub,
    'everything',
    () => everythingSteps(() => ({ PATH: process.env.PATH ?? '' }), { topic: 'tides', ambiguous: false }),
  )
  callEach(
    () => hub,
    'filesystem',
    () => filesystemSteps(root),
  )
  callEach(
    () => hub,
    'memory',
    () => MEMORY_STEPS,
  )

  it('filesystem: a path outside its folder fails with the server’s own words', async () => {
    await expect(hub.call('filesystem__read_text_file', { path: '/etc/hostname' }, never())).rejects.toThrow(
      `Access denied - path outside allowed directories: /etc/hostname not in ${root}`,
    )
  })

  it('memory: the graph is kept in MEMORY_FILE_PATH', () => {
    expect(existsSync(memoryFile)).toBe(true)
    expect(readFileSync(memoryFile, 'utf8')).toContain('"name":"Ada"')
  })
})

/** server-everything over Streamable HTTP on `port`, as its README starts it; resolves once it listens. */
function startHttpEverything(port: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, [entry('server-everything'), 'streamableHttp'], {
    env: { PATH: process.env.PATH ?? '', PORT: String(port) },
    stdio: ['ignore', 'ignore', 'pipe'],
  })
  return new Promise((resolvePromise, reject) => {
    let stderr = ''
    child.stderr?.on('data', (chunk: Buffer) => {
      stderr += chunk.toString('utf8')
      if (stderr.includes(`listening on port ${port}`)) resolvePromise(child)
    })
    child.once('exit', (code) => reject(new Error(`server-everything exited (${code}) before listening: ${stderr}`)))
  })
}

function stop(child: ChildProcess | undefined): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return Promise.resolve()
  return new Promise((resolvePromise) => {
    child.once('exit', () => resolvePromise())
    child.kill('SIGTERM')
  })
}

function freeLoopbackPort(): Promise<number> {
  return new Promise((resolvePromise) => {
    const probe = createServer()
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number }
      probe.close(() => resolvePromise(port))
    })
  })
}

describe(`server-everything ${versionOf('server-everything')} over Streamable HTTP on loopback`, () => {
  let hub: McpHub
  let child: ChildProcess | undefined
  let port = 0

  beforeAll(async () => {
    port = await freeLoopbackPort()
    child = await startHttpEverything(port)
    hub = await hubOf({ web: { url: `http://127.0.0.1:${port}/mcp`, headers: {} } })
  }, 30_000)
  afterAll(async () => {
    await hub.close()
    await stop(child)
  })

  it('lists the same 13 tools (49 with the three over stdio)', () => {
    expect(hub.status()[0]).toMatchObject({ state: 'ready', tools: 13 })
    expect(listed(hub, 'web')).toEqual(EVERYTHING_TOOLS)
  })

  callEach(
    () => hub,
    'web',
    () => everythingSteps(() => ({ PORT: String(port) }), { topic: 'python', ambiguous: true }),
  )

  it('survives a restart of the server on the same port without Reconnect: a new session, counted in the status', async () => {
    expect(await hub.call('web__echo', { message: 'before' }, never())).toEqual({ text: 'Echo: before' })
    await stop(child)
    child = await startHttpEverything(port)
    // The restarted server answers our old session 400 "No valid session ID provided".
    expect(await hub.call('web__echo', { message: 'after' }, never())).toEqual({ text: 'Echo: after' })
    expect(hub.status()[0]).toMatchObject({ state: 'ready', tools: 13, renewed: { count: 1, status: 400 } })
    expect(imageOf(await hub.call('web__get-tiny-image', {}, never())).bytes).toBeGreaterThan(1000)
  }, 20_000)
})
