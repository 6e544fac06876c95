// `npm run test:e2e`: builds the product, then runs the real-browser suite on the embedded
// database and, when TEST_DATABASE_URL is set, again on PostgreSQL.
import { spawnSync } from 'node:child_process'

const run = (args, env = {}) => {
  const started = Date.now()
  const result = spawnSync('npx', args, { stdio: 'inherit', env: { ...process.env, ...env } })
  console.log(
    `(${args.join(' ')} ${env.CRM_TEST_DB ?? ''}: ${Math.round((Date.now() - started) / 1000)}s)`,
  )
  if (result.status !== 0) process.exit(result.status ?? 1)
}

run(['vite', 'build'])
run(['vitest', 'run', '--project', 'e2e'], { CRM_TEST_DB: 'pglite' })
if (process.env.TEST_DATABASE_URL) {
  run(['vitest', 'run', '--project', 'e2e'], { CRM_TEST_DB: 'postgres' })
} else {
  console.log('TEST_DATABASE_URL not set: end-to-end suite ran on the embedded database only')
}
