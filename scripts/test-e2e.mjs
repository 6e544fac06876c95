// `npm run test:e2e`: builds the product (unless CRM_E2E_WEB_DIR names a build already
// made, as .ci/run does), then runs the real-browser suite: every file on the embedded
// database and, when TEST_DATABASE_URL is set, the files in POSTGRES_FILES on PostgreSQL.
// The screens are the same on both databases and test:pg already runs every server test
// on PostgreSQL, so the browser paths are walked once; the PostgreSQL pass keeps the two
// that lean most on the database's own behaviour: change notices between servers behind
// live screens (LISTEN/NOTIFY), and the sales reports' SQL in a time zone. (Reminders
// claimed in the database and bulk changes are covered on PostgreSQL by test:pg's server
// files; their browser files ran here too until CI neared its 30 minutes.) The work goes
// to two lanes side by side (a browser and a server leave about a quarter of 2 cores
// idle), balanced by each file's last measured time. Each output line is labelled with
// its lane. Arguments are vitest's (`npm run test:e2e -- tests/e2e/csv.test.ts` runs that
// file on each database).
import { spawn, spawnSync } from 'node:child_process'
import { readdirSync } from 'node:fs'
import { createInterface } from 'node:readline'

const POSTGRES_FILES = ['live', 'reports']
/** Seconds a file took in a pass on a quiet machine (0409fe5); an unlisted file counts 30. */
const SECONDS = {
  'accessibility-screens': 180,
  team: 122,
  'follow-ups': 82,
  reports: 81,
  live: 74,
  phone: 71,
  lists: 66,
  session: 64,
  'record-pages': 62,
  palette: 54,
  admin: 44,
  'search-paging': 37,
  tester: 36,
  'undo-history': 36,
  'two-step': 35,
  layout: 35,
  'account-settings': 28,
  csv: 26,
  newcomer: 18,
  'served-files': 17,
  'dark-charts': 14,
  keyboard: 14,
  'return-after-login': 11,
  'landing-budget': 8,
}

const seconds = (started) => `${Math.round((Date.now() - started) / 1000)}s`
const fileOf = (name) => `tests/e2e/${name}.test.ts`

if (!process.env.CRM_E2E_WEB_DIR) {
  const started = Date.now()
  const build = spawnSync('npx', ['vite', 'build'], { stdio: 'inherit' })
  console.log(`(vite build: ${seconds(started)})`)
  if (build.status !== 0) process.exit(build.status ?? 1)
}

/** One vitest run of `args` on `database`, labelled `label`; resolves with its exit code. */
function run(label, database, args) {
  const started = Date.now()
  const child = spawn('npx', ['vitest', 'run', '--project', 'e2e', ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, CRM_TEST_DB: database, FORCE_COLOR: process.env.FORCE_COLOR ?? '0' },
  })
  for (const stream of [child.stdout, child.stderr])
    createInterface({ input: stream }).on('line', (line) => console.log(`[${label}] ${line}`))
  return new Promise((resolve) =>
    child.on('exit', (code) => {
      console.log(`[${label}] (e2e on ${database}: ${seconds(started)}, exit ${code})`)
      resolve(code ?? 1)
    }),
  )
}

/** Runs all of a lane's runs one after the other; resolves with the first failing code, or 0. */
async function lane(runs) {
  let failed = 0
  for (const [label, database, files] of runs) {
    if (files.length === 0) continue
    const code = await run(label, database, files)
    failed ||= code
  }
  return failed
}

/** Two lanes: PostgreSQL's files in the second, then every file on PGlite, longest first. */
function plan() {
  const names = readdirSync('tests/e2e')
    .filter((name) => name.endsWith('.test.ts'))
    .map((name) => name.replace(/\.test\.ts$/, ''))
  const weight = (name) => SECONDS[name] ?? 30
  const lanes = [
    { load: 0, pglite: [], postgres: [] },
    { load: 0, pglite: [], postgres: [] },
  ]
  if (process.env.TEST_DATABASE_URL) {
    lanes[1].postgres = POSTGRES_FILES.filter((name) => names.includes(name))
    lanes[1].load = lanes[1].postgres.reduce((sum, name) => sum + weight(name), 0)
  } else console.log('TEST_DATABASE_URL not set: the end-to-end suite runs on PGlite only')
  for (const name of names.sort((a, b) => weight(b) - weight(a))) {
    const lightest = lanes[0].load <= lanes[1].load ? lanes[0] : lanes[1]
    lightest.pglite.push(name)
    lightest.load += weight(name)
  }
  return lanes.map((lane, index) => [
    [`pglite ${index + 1}`, 'pglite', lane.pglite.map(fileOf)],
    ['postgres', 'postgres', lane.postgres.map(fileOf)],
  ])
}

const args = process.argv.slice(2)
const lanes =
  args.length > 0
    ? [
        [['pglite', 'pglite', args]],
        ...(process.env.TEST_DATABASE_URL ? [[['postgres', 'postgres', args]]] : []),
      ]
    : plan()
const codes = await Promise.all(lanes.map(lane))
process.exit(codes.find((code) => code !== 0) ?? 0)
