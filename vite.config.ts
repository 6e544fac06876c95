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

// Server test files that start real processes (the server as `npm start` runs it, the
// command line) and kill, restart or signal them: the 'processes' project.
const PROCESS_TESTS = [
  'tests/server/backup-cli.test.ts',
  'tests/server/cli.test.ts',
  'tests/server/import-kill.test.ts',
  'tests/server/kill.test.ts',
  'tests/server/main.test.ts',
  'tests/server/npm-start-signal.test.ts',
  'tests/server/reminders-kill.test.ts',
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
          // Each file in a fresh VM context (isolated: the app's module-level state, such as
          // the palette's store and the hotkeys, never carries into the next file) with jsdom
          // set up once per worker: 150 s for this project instead of 275 s with a forked,
          // isolated jsdom per file. vm-globals.ts gives the contexts the web streams msw needs.
          pool: 'vmThreads',
          include: ['tests/client/**/*.test.{ts,tsx}'],
          setupFiles: ['tests/client/vm-globals.ts', 'tests/client/setup.ts'],
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
          // The server's modules load once per worker, and on PGlite its files share one
          // database, emptied for each (tests/server/helpers/test-db.ts).
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
          // test:e2e runs two of these suites side by side (one per database).
          testTimeout: 240_000,
          hookTimeout: 240_000,
        },
      },
    ],
  },
})
