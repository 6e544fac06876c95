// `npm run test:e2e`: builds the product (unless CRM_E2E_WEB_DIR names a build already
// made, as .ci/run does), then runs the real-browser suite on the embedded database and,
// when TEST_DATABASE_URL is set, on PostgreSQL too. The two passes run side by side: one
// pass alone leaves about a quarter of 2 cores idle (the browser and the server wait on
// each other), and on a quiet 2-core machine the four heaviest files took 344 s for both
// databases side by side against about 405 s one after the other. Each line of a pass's
// output is labelled with its database. Arguments are vitest's (`npm run test:e2e -- tests/e2e/csv.test.ts` runs
// one file).
import { spawn, spawnSync } from 'node:child_process'
import { createInterface } from 'node:readline'

const seconds = (started) => `${Math.round((Date.now() - started) / 1000)}s`

if (!process.env.CRM_E2E_WEB_DIR) {
  const started = Date.now()
  const build = spawnSync('npx', ['vite', 'build'], { stdio: 'inherit' })
  console.log(`(vite build: ${seconds(started)})`)
  if (build.status !== 0) process.exit(build.status ?? 1)
}

/** One pass of the suite on `database`; resolves with its exit code. */
function pass(database) {
  const started = Date.now()
  const child = spawn('npx', ['vitest', 'run', '--project', 'e2e', ...process.argv.slice(2)], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, CRM_TEST_DB: database, FORCE_COLOR: process.env.FORCE_COLOR ?? '0' },
  })
  for (const stream of [child.stdout, child.stderr])
    createInterface({ input: stream }).on('line', (line) => console.log(`[${database}] ${line}`))
  return new Promise((resolve) =>
    child.on('exit', (code) => {
      console.log(`[${database}] (e2e on ${database}: ${seconds(started)}, exit ${code})`)
      resolve(code ?? 1)
    }),
  )
}

const databases = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite']
if (databases.length === 1)
  console.log('TEST_DATABASE_URL not set: end-to-end suite runs on the embedded database only')
const codes = await Promise.all(databases.map(pass))
process.exit(codes.find((code) => code !== 0) ?? 0)
