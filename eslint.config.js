import { readdirSync } from 'node:fs'
import js from '@eslint/js'
import pluginQuery from '@tanstack/eslint-plugin-query'
import pluginRouter from '@tanstack/eslint-plugin-router'
import boundaries from 'eslint-plugin-boundaries'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'

const features = readdirSync('src/client/features', { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)

/**
 * Arrows point one way (STYLE.md "Layout", bulletproof-react's import zones), checked by
 * eslint-plugin-boundaries: each folder is an element, and each policy says which
 * elements a folder may not import.
 */
const folder = (type, path) => ({ type, pattern: path, partialMatch: false, exclusive: true })
const elements = [
  folder('tests', 'tests'),
  folder('shared', 'src/shared'),
  ...features.map((name) => folder(`feature-${name}`, `src/client/features/${name}`)),
  folder('client-api', 'src/client/api'),
  folder('client-lib', 'src/client/lib'),
  folder('client-components', 'src/client/components'),
  folder('client-routes', 'src/client/routes'),
  folder('client', 'src/client'),
  folder('server-db', 'src/server/db'),
  folder('server-repositories', 'src/server/repositories'),
  folder('server-auth', 'src/server/auth'),
  folder('server-http', 'src/server/http'),
  folder('server-routes', 'src/server/routes'),
  folder('server', 'src/server'),
]
const client = ['client', 'client-api', 'client-lib', 'client-components', 'client-routes']
const featureTypes = features.map((name) => `feature-${name}`)
const server = [
  'server',
  'server-db',
  'server-repositories',
  'server-auth',
  'server-http',
  'server-routes',
]
/** A policy: files of the `from` elements may not import the `to` elements. */
const deny = (from, to, message) => ({
  from: { element: { types: { anyOf: from } } },
  disallow: { to: { element: { types: { anyOf: to } } } },
  message,
})
const policies = [
  deny([...client, ...featureTypes, 'shared', ...server], ['tests'], 'src never imports tests.'),
  deny(
    ['shared'],
    [...client, ...featureTypes, ...server],
    'shared is imported, it imports neither side.',
  ),
  deny([...client, ...featureTypes], server, 'The web app never imports server code.'),
  deny(server, [...client, ...featureTypes], 'The server never imports web-app code.'),
  // Client: routes → features → components → api and lib; no feature reaches into another.
  ...featureTypes.map((type) =>
    deny(
      [type],
      featureTypes.filter((other) => other !== type),
      'A feature does not import another feature: move what both need to lib/ or components/.',
    ),
  ),
  deny(
    ['client-api', 'client-lib'],
    [...featureTypes, 'client-components', 'client-routes'],
    'api/ and lib/ are infrastructure: they import no feature, component or route.',
  ),
  deny(
    ['client-components'],
    [...featureTypes, 'client-routes'],
    'Shared components import no feature or route.',
  ),
  deny(featureTypes, ['client-routes'], 'Routes import features, not the reverse.'),
  // Server: routes → repositories → db; auth and http sit beside repositories.
  deny(
    ['server-db'],
    ['server-repositories', 'server-routes', 'server-auth', 'server-http'],
    'db/ holds the schema and the connection only.',
  ),
  deny(
    ['server-repositories'],
    ['server-auth', 'server-http', 'server-routes'],
    'Repositories take plain data (a password hash, not a password) and know nothing of HTTP.',
  ),
]

export default tseslint.config(
  {
    ignores: [
      'dist',
      'build',
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
    plugins: { boundaries },
    settings: {
      'boundaries/elements': elements,
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.json'] } },
    },
    rules: { 'boundaries/dependencies': ['error', { default: 'allow', policies }] },
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
