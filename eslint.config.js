import { readdirSync } from 'node:fs'
import js from '@eslint/js'
import pluginQuery from '@tanstack/eslint-plugin-query'
import pluginRouter from '@tanstack/eslint-plugin-router'
import { createNodeResolver, importX } from 'eslint-plugin-import-x'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'

const features = readdirSync('src/client/features', { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)

/**
 * Arrows point one way (STYLE.md "Layout", bulletproof-react's import zones): each zone
 * says which folder (`target`) may not import from which (`from`).
 */
const zones = [
  { target: './src', from: './tests', message: 'src never imports tests.' },
  {
    target: './src/shared',
    from: ['./src/client', './src/server'],
    message: 'shared is imported, it imports neither side.',
  },
  {
    target: './src/client',
    from: './src/server',
    message: 'The web app never imports server code.',
  },
  {
    target: './src/server',
    from: './src/client',
    message: 'The server never imports web-app code.',
  },
  // Client: routes → features → components → lib; no feature reaches into another.
  ...features.map((name) => ({
    target: `./src/client/features/${name}`,
    from: './src/client/features',
    except: [`./${name}`],
    message:
      'A feature does not import another feature: move what both need to lib/ or components/.',
  })),
  {
    target: './src/client/lib',
    from: ['./src/client/features', './src/client/components', './src/client/routes'],
    message: 'lib/ is infrastructure: it imports no feature, component or route.',
  },
  {
    target: './src/client/components',
    from: ['./src/client/features', './src/client/routes'],
    message: 'Shared components import no feature or route.',
  },
  {
    target: './src/client/features',
    from: './src/client/routes',
    message: 'Routes import features, not the reverse.',
  },
  // Server: routes → repositories → db; auth and http sit beside repositories.
  {
    target: './src/server/db',
    from: [
      './src/server/repositories',
      './src/server/routes',
      './src/server/auth',
      './src/server/http',
    ],
    message: 'db/ holds the schema and the connection only.',
  },
  {
    target: './src/server/repositories',
    from: ['./src/server/auth', './src/server/http', './src/server/routes'],
    message:
      'Repositories take plain data (a password hash, not a password) and know nothing of HTTP.',
  },
]

export default tseslint.config(
  {
    ignores: [
      'dist',
      'data',
      'test-results',
      'coverage',
      'src/client/route-tree.gen.ts',
      'src/server/db/migrations',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      globals: { ...globals.browser, ...globals.node },
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': [
        'error',
        { checksVoidReturn: { attributes: false } },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      '@typescript-eslint/only-throw-error': 'off',
    },
  },
  { files: ['**/*.js', '**/*.mjs', '**/*.cjs'], ...tseslint.configs.disableTypeChecked },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [
        createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.json'] }),
      ],
    },
    rules: { 'import-x/no-restricted-paths': ['error', { zones }] },
  },
  {
    files: ['src/shared/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['node:*'], message: 'shared runs in the browser too.' }] },
      ],
    },
  },
  {
    files: ['src/client/**/*.{ts,tsx}', 'tests/client/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  ...pluginQuery.configs['flat/recommended'],
  ...pluginRouter.configs['flat/recommended'],
)
