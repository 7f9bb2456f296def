import js from '@eslint/js'
import prettier from 'eslint-config-prettier'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import architecture from './architecture.json' with { type: 'json' }
import tseslint from 'typescript-eslint'

/**
 * The layers (docs/architecture.md): core ← state ← ui, adapters beside state, app wires them.
 * architecture.json lists what each layer must not import; the fence test proves each fence.
 */
const layerFences = architecture.fences

/**
 * Third-party libraries and the one module that owns each. An owner ending in `/` is a folder:
 * every module in it may import the library (a library used for several jobs gets a module per
 * job rather than one module that does them all).
 */
const owners = {
  'gray-matter': 'src/core/yaml/splitSkillFile.ts',
  yaml: 'src/core/yaml/',
  openai: 'src/adapters/openaiClient.ts',
  mathjs: 'src/core/tools/calculator.ts',
  minisearch: 'src/core/tools/searchKnowledge.ts',
  'gpt-tokenizer': 'src/adapters/tokenizer.ts',
  i18next: 'src/ui/i18n/i18n.ts',
  'react-i18next': 'src/ui/i18n/i18n.ts',
  'ipaddr.js': 'server/liveTools/addressGuard.ts',
  '@mozilla/readability': 'server/liveTools/readableText.ts',
  linkedom: 'server/liveTools/readableText.ts',
  '@tanstack/react-virtual': 'src/ui/common/useVirtualRows.ts',
  chokidar: 'server/folder/diskWorkspace.ts',
  pyodide: 'src/adapters/pythonRuntime.ts',
  'node-diff3': 'src/core/workspace/mergeText.ts',
}
const isFolderOwner = (owner) => owner.endsWith('/')
const ownedPaths = Object.entries(owners).map(([name, owner]) => ({
  name,
  message: isFolderOwner(owner)
    ? `Import ${name} only in ${owner} (a module of that folder): one module or folder owns each third-party library.`
    : `Import ${name} only in ${owner}: one module owns each third-party library.`,
}))
/** The libraries a file or an owner folder may import: those it owns, and those of the owner folder it is in. */
const librariesOwnedBy = (target) =>
  Object.keys(owners).filter(
    (library) => owners[library] === target || (isFolderOwner(owners[library]) && target.startsWith(owners[library])),
  )
/** An owner's modules: the file itself, or every module of the folder (its tests and benches have rules of their own). */
const ownerModules = (owner) =>
  isFolderOwner(owner) ? { files: [`${owner}**/*.ts`], ignores: [`${owner}**/*.test.ts`, `${owner}**/*.bench.ts`] } : { files: [owner] }
const ownedPatterns = [
  {
    group: ['monaco-editor', 'monaco-editor/*'],
    message: 'Import monaco-editor only through src/ui/editor/monaco.ts (its language table: src/ui/i18n/monacoMessages.ts).',
  },
  { group: ['gpt-tokenizer/*'], message: `Import gpt-tokenizer only in ${owners['gpt-tokenizer']}.` },
  {
    group: ['@modelcontextprotocol/sdk', '@modelcontextprotocol/sdk/*'],
    message: 'Import the MCP SDK only in server/mcp/mcpHub.ts (and the test stand-in MCP servers).',
  },
]

const coreOnly = [
  {
    group: ['react', 'react-dom', 'zustand', 'openai', 'node:*'],
    message: 'src/core is plain TypeScript: no UI, state, network or Node libraries.',
  },
]

/** `no-restricted-imports` for a file in `layer`: its fence plus the library owners (except the `owned` ones, for their owner). */
function fence(layer, owned = []) {
  const folders = layerFences[layer] ?? []
  const patterns = folders.length
    ? [
        {
          group: folders.flatMap((folder) => [`**/${folder}`, `**/${folder}/**`]),
          message: `${layerFolder(layer)} must not import ${folders.join(', ')} (docs/architecture.md).`,
        },
      ]
    : []
  const paths = ownedPaths.filter((path) => !owned.includes(path.name))
  const libraries = ownedPatterns.filter((pattern) => !pattern.group.some((group) => owned.some((library) => group.startsWith(library))))
  return ['error', { paths, patterns: [...patterns, ...libraries, ...(layer === 'core' ? coreOnly : [])] }]
}
const layerOf = (file) => (file.startsWith('server/') ? 'server' : /^src\/(\w+)\//.exec(file)?.[1])
/** Where a layer's files are: src/<layer>, except the team server, which lives beside src/. */
function layerFolder(layer) {
  return layer === 'server' ? 'server' : `src/${layer}`
}

export default tseslint.config(
  // testdata: other projects' files, kept byte for byte (src/core/evals/testdata/SOURCE.md).
  { ignores: ['dist', 'dist-cli', 'dist-server', 'node_modules', 'test-results', 'playwright-report', 'src/**/testdata'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      globals: { ...globals.browser, ...globals.node },
      parserOptions: {
        projectService: { allowDefaultProject: ['*.js', 'e2e/*.js', 'bin/*.js', 'scripts/*.mjs'] },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      eqeqeq: ['error', 'always'],
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
      // From the strict presets, where they catch real mistakes without fighting the code.
      '@typescript-eslint/no-unnecessary-type-assertion': 'error',
      '@typescript-eslint/no-non-null-asserted-optional-chain': 'error',
      '@typescript-eslint/prefer-as-const': 'error',
      '@typescript-eslint/no-unnecessary-boolean-literal-compare': 'error',
      // Messages show user values with String() on purpose: an object there reads [object Object], which is still honest.
      '@typescript-eslint/no-base-to-string': 'off',
      // Async functions that implement a promise-returning interface need no await.
      '@typescript-eslint/require-await': 'off',
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
      // JSON and third-party values are narrowed where they are read; the `any` rules would flag every such read.
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true, allowBoolean: true, allowNullish: true }],
      'no-restricted-imports': ['error', { paths: ownedPaths, patterns: ownedPatterns }],
    },
  },
  // Test servers take async request handlers; node:http ignores the promise, and the tests await the outcome.
  {
    files: ['e2e/**/*.ts', 'server/**/*.test.ts'],
    rules: { '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { arguments: false } }] },
  },
  {
    files: ['src/**/*.tsx', 'src/ui/**/*.ts', 'src/state/**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  // The pure core: no React, no DOM, no network, no timers, no other layer (it runs in Node, the browser and workers).
  {
    files: ['src/core/**/*.ts'],
    ignores: ['src/core/**/*.test.ts', 'src/core/**/*.bench.ts'],
    languageOptions: { globals: { ...globals.es2022 } },
    rules: {
      'no-restricted-globals': [
        'error',
        'window',
        'document',
        'localStorage',
        'sessionStorage',
        'indexedDB',
        'fetch',
        'location',
        'navigator',
        'setTimeout',
        'setInterval',
        'requestAnimationFrame',
      ],
      'no-restricted-imports': fence('core'),
    },
  },
  { files: ['src/state/**/*.ts', 'src/state/**/*.tsx'], rules: { 'no-restricted-imports': fence('state') } },
  { files: ['src/adapters/**/*.ts'], ignores: ['src/adapters/**/*.test.ts'], rules: { 'no-restricted-imports': fence('adapters') } },
  { files: ['src/ui/**/*.ts', 'src/ui/**/*.tsx'], rules: { 'no-restricted-imports': fence('ui') } },
  { files: ['src/cli/**/*.ts'], rules: { 'no-restricted-imports': fence('cli') } },
  // The team server uses core only; its tests may drive the page's own client against it.
  { files: ['server/**/*.ts'], ignores: ['server/**/*.test.ts'], rules: { 'no-restricted-imports': fence('server') } },
  // Each owner may import its library, and keeps its layer's fence. Folders come first, so that a
  // module owning a library of its own inside an owner folder (gray-matter's) has the last word.
  ...[...new Set([...Object.values(owners), 'src/ui/editor/monaco.ts', 'src/ui/i18n/monacoMessages.ts'])]
    .sort((a, b) => Number(isFolderOwner(b)) - Number(isFolderOwner(a)))
    .map((file) => ({
      ...ownerModules(file),
      rules: {
        'no-restricted-imports': fence(layerOf(file), [
          ...librariesOwnedBy(file),
          ...(file.endsWith('monaco.ts') || file.endsWith('monacoMessages.ts') ? ['monaco-editor'] : []),
        ]),
      },
    })),
  // An owner's own test may watch the library too (spy on it). Tests in core, adapters and server
  // have no layer fence; in the other layers it stays (an owner's test there would need one).
  // An owner folder's tests all may.
  ...[...new Set(Object.values(owners))]
    .filter((file) => !/^src\/(ui|state|cli)\//.test(file))
    .sort((a, b) => Number(isFolderOwner(b)) - Number(isFolderOwner(a)))
    .map((file) => ({
      files: [isFolderOwner(file) ? `${file}**/*.test.ts` : file.replace(/\.tsx?$/, '.test.ts')],
      rules: {
        'no-restricted-imports': [
          'error',
          { paths: ownedPaths.filter((path) => !librariesOwnedBy(file).includes(path.name)), patterns: ownedPatterns },
        ],
      },
    })),
  // The MCP client's one owner, and the real MCP servers the tests stand up.
  { files: ['server/mcp/mcpHub.ts'], rules: { 'no-restricted-imports': fence('server', ['@modelcontextprotocol/sdk']) } },
  {
    files: ['e2e/standIns/mcpTestServer.ts', 'e2e/standIns/hostileMcpServer.ts', 'e2e/standIns/mcpFeatureServer.ts'],
    rules: { 'no-restricted-imports': ['error', { paths: ownedPaths, patterns: ownedPatterns.slice(0, 2) }] },
  },
  prettier,
)
