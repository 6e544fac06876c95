import { defineConfig } from 'vitest/config'
import react from '@vitejs/plugin-react'
import { tanstackRouter } from '@tanstack/router-plugin/vite'
import { mantineStyles } from './scripts/mantine-styles'
import { precompress } from './scripts/precompress'
import { prerenderLanding } from './scripts/prerender-landing'

// The overview's charts keep their own chunk: chart.js is most of the app's weight.
const CHARTS = /chart\.js|react-chartjs-2|@kurkle|[\\/]overview[.\\/]|lib[\\/]chart/
// Mantine's Menu and what it floats on, which the landing page's burger menu loads alone.
const MENU =
  /@mantine[\\/]core[\\/]esm[\\/]components[\\/](Menu|Popover|Portal|FocusTrap)[\\/]|@floating-ui/

// app.tsx and the route modules the router plugin splits off (`?tsr-split=component`).
const APP = /[\\/]src[\\/]client[\\/]app\.tsx$|\?tsr-split=/

// Client test files whose vi.mock of a module differs from the other files' (see the
// 'client-own-mocks' project).
const OWN_MOCK_TESTS = [
  'tests/client/chart-contrast.test.tsx',
  'tests/client/overview.test.tsx',
  'tests/client/reports.test.tsx',
]

// Server test files that start real processes (the server as `npm start` runs it, the
// command line) and kill, restart or signal them: the 'processes' project.
const PROCESS_TESTS = [
  'tests/server/backup-cli.test.ts',
  'tests/server/cli.test.ts',
  'tests/server/import-kill.test.ts',
  'tests/server/kill.test.ts',
  'tests/server/main.test.ts',
  'tests/server/npm-start-signal.test.ts',
  'tests/server/webhooks-servers.test.ts',
]

export default defineConfig({
  plugins: [
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      routesDirectory: 'src/client/routes',
      generatedRouteTree: 'src/client/route-tree.gen.ts',
    }),
    react(),
    mantineStyles(),
    prerenderLanding(),
    precompress(),
  ],
  build: {
    outDir: 'dist',
    sourcemap: false,
    chunkSizeWarningLimit: 600,
    // Every browser the app supports preloads modules itself.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        codeSplitting: {
          // What the landing page loads (main.tsx and all it imports) in one script
          // rather than a dozen small ones that each cost a request.
          groups: [
            { name: 'landing', tags: ['$initial'], priority: 3 },
            { name: 'menu', test: MENU, priority: 2 },
            // The routed app: router, query cache and every route's screen (what they import
            // statically comes along), but not the overview's charts nor what a screen loads
            // on demand. One file, which app.html preloads beside the entry, instead of a
            // chain of chunks each found only once the one before it has run.
            { name: 'app', test: (id) => APP.test(id) && !CHARTS.test(id), priority: 1 },
          ],
        },
      },
    },
  },
  server: { proxy: { '/api': 'http://127.0.0.1:3000' } },
  test: {
    // vitest's default is one worker fewer than the cores: a single worker on 2 cores.
    maxWorkers: '100%',
    projects: [
      {
        extends: true,
        test: {
          name: 'client',
          environment: 'jsdom',
          // One module graph per worker instead of per file: React, Mantine and the app are
          // loaded once, about half of this project's CPU time. Each file still gets its
          // own DOM cleanup, query cache and msw handlers (tests/client/setup.ts).
          isolate: false,
          include: ['tests/client/**/*.test.{ts,tsx}'],
          exclude: OWN_MOCK_TESTS,
          setupFiles: ['tests/client/setup.ts'],
          testTimeout: 20_000,
        },
      },
      {
        extends: true,
        test: {
          // Files that replace a module with a mock of their own (the charts, to read what
          // they were given): a module graph of their own each, so that no other file's
          // mock of the same module is the one they get.
          name: 'client-own-mocks',
          environment: 'jsdom',
          include: OWN_MOCK_TESTS,
          setupFiles: ['tests/client/setup.ts'],
          testTimeout: 20_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'server',
          environment: 'node',
          include: ['tests/server/**/*.test.ts'],
          exclude: PROCESS_TESTS,
          // Each file opens its own database; the server's modules load once per worker.
          isolate: false,
          setupFiles: ['tests/server/setup.ts'],
          globalSetup: ['tests/server/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        extends: true,
        test: {
          // The server as an operator runs it (`npm start`, the command line), killed,
          // restarted and signalled: real processes, minutes of waiting for them, so not in
          // `npm test` but in `npm run test:processes` (and test:pg, test:all).
          name: 'processes',
          environment: 'node',
          include: PROCESS_TESTS,
          setupFiles: ['tests/server/setup.ts'],
          globalSetup: ['tests/server/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['tests/e2e/**/*.test.ts'],
          fileParallelism: false,
          testTimeout: 120_000,
          hookTimeout: 180_000,
        },
      },
    ],
  },
})
