import js from '@eslint/js'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'

const onlyIn = (library, owner) => ({
  name: library,
  message: `Import ${library} only in ${owner}: one module owns each third-party library.`,
})

export default tseslint.config(
  { ignores: ['dist', 'node_modules', 'test-results', 'playwright-report'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      eqeqeq: ['error', 'always'],
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-imports': [
        'error',
        { paths: [onlyIn('gray-matter', 'src/core/skill/frontmatter.ts'), onlyIn('yaml', 'src/core/skill/frontmatter.ts'), onlyIn('openai', 'src/adapters/openaiClient.ts')], patterns: [{ group: ['monaco-editor', 'monaco-editor/*'], message: 'Import monaco-editor only through src/ui/editor/monaco.ts.' }] },
      ],
    },
  },
  {
    files: ['src/**/*.tsx', 'src/ui/**/*.ts', 'src/state/**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  // The pure core: no React, no DOM, no network, no timers, no adapters (it runs in Node, the browser and workers).
  {
    files: ['src/core/**/*.ts'],
    ignores: ['src/core/**/*.test.ts', 'src/core/**/*.bench.ts'],
    languageOptions: { globals: { ...globals.es2022 } },
    rules: {
      'no-restricted-globals': ['error', 'window', 'document', 'localStorage', 'sessionStorage', 'fetch', 'location', 'navigator', 'setTimeout', 'setInterval', 'requestAnimationFrame'],
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['react', 'react-dom', 'zustand', 'monaco-editor', 'monaco-editor/*', 'openai'], message: 'src/core is plain TypeScript: no UI, state or network libraries.' },
            { group: ['**/ui/**', '**/state/**', '**/adapters/**', '**/cli/**'], message: 'src/core must not depend on the layers above it.' },
          ],
        },
      ],
    },
  },
  { files: ['src/core/skill/frontmatter.ts'], rules: { 'no-restricted-imports': 'off' } },
  { files: ['src/ui/editor/monaco.ts', 'src/adapters/openaiClient.ts'], rules: { 'no-restricted-imports': 'off' } },
)
