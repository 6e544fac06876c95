import js from '@eslint/js'
import pluginQuery from '@tanstack/eslint-plugin-query'
import pluginRouter from '@tanstack/eslint-plugin-router'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'

/** Import boundaries (STYLE.md): client → shared ← server; src never imports tests. */
const forbid = (...groups) => ({
  'no-restricted-imports': [
    'error',
    { patterns: groups.map((group) => ({ group: [group], message: 'Crosses a layer boundary.' })) },
  ],
})

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
    files: ['src/client/**/*.{ts,tsx}', 'tests/client/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  ...pluginQuery.configs['flat/recommended'],
  ...pluginRouter.configs['flat/recommended'],
  { files: ['src/client/**'], rules: forbid('**/server/**', '**/tests/**') },
  {
    files: ['src/shared/**'],
    rules: forbid('**/server/**', '**/client/**', '**/tests/**', 'node:*'),
  },
  { files: ['src/server/**'], rules: forbid('**/client/**', '**/tests/**') },
)
