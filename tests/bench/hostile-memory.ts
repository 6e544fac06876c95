// Issue 23's "bounded under attack": a signed-in client sends 60,000 GETs, each with a
// query string no request had before (padded to about 2 KB), to read routes with small answers;
// the server's resident memory may grow by at most 64 MiB. Run alone as a script
// (`npx tsx tests/bench/hostile-memory.ts http://127.0.0.1:3000 USERNAME PASSWORD PID`) it
// prints the growth of process PID; the bench calls hostileMemoryRow on its own server.
import type { Running } from './processes'
import type { Row } from './table'

export const HOSTILE_REQUESTS = 60_000
export const HOSTILE_GOAL_MIB = 64
const CLIENTS = 16
// Small answers (a few hundred bytes) to long, unique addresses: what costs a cache keyed
// on the address most. (The customers per city, kilobytes at 100,000 customers, would
// fill a byte budget that counts only answers and empty it long before keys add up.)
const PATHS = [
  '/api/customers/?limit=1&search=zqxj',
  '/api/orders/?limit=1&status=Pending',
  '/api/history/?limit=1',
  '/api/stats/orders-by-status/?x=1',
]
const PAD = 'p'.repeat(2000)

/** Signs in and answers the Authorization header. */
async function signInAs(base: string, username: string, password: string) {
  const res = await fetch(`${base}/api/users/token/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  })
  if (!res.ok) throw new Error(`sign-in answered ${res.status}`)
  const { access } = (await res.json()) as { access: string }
  return { authorization: `Bearer ${access}` }
}

/**
 * Sends `total` GETs with unique query strings from CLIENTS closed loops, signing in again
 * when the access token expires; answers how many were refused for another reason.
 */
export async function sendUniqueGets(
  base: string,
  account: { username: string; password: string },
  total: number,
): Promise<number> {
  const signIn = () => signInAs(base, account.username, account.password)
  let headers: Record<string, string> = await signIn()
  // One sign-in when the token expires, whichever client sees it first (the login limit).
  let renewing: Promise<Record<string, string>> | undefined
  let next = 0
  let refused = 0
  const client = async () => {
    while (next < total) {
      const n = next++
      const path = PATHS[n % PATHS.length] ?? PATHS[0]
      let res = await fetch(`${base}${path}&pad=${PAD}${n}`, { headers })
      if (res.status === 401) {
        await res.arrayBuffer()
        const stale = headers
        renewing ??= signIn().finally(() => (renewing = undefined))
        headers = headers === stale ? await renewing : headers
        res = await fetch(`${base}${path}&pad=${PAD}${n}`, { headers })
      }
      await res.arrayBuffer()
      if (!res.ok && res.status !== 404) refused++
    }
  }
  await Promise.all(Array.from({ length: CLIENTS }, client))
  return refused
}

/** The bench's row: resident memory before and after the unique GETs, on `server`. */
export async function hostileMemoryRow(
  label: string,
  server: Running,
  account: { username: string; password: string },
  log: (line: string) => void,
): Promise<Row> {
  // Warm up first: the routes' code and the database's caches are not what is measured.
  await sendUniqueGets(server.base, account, 2_000)
  const before = server.rssMiB()
  const refused = await sendUniqueGets(server.base, account, HOSTILE_REQUESTS)
  const growth = server.rssMiB() - before
  log(`${HOSTILE_REQUESTS} unique GETs: resident ${before.toFixed(0)} → +${growth.toFixed(0)} MiB`)
  return {
    database: label,
    measure: `server memory growth over ${HOSTILE_REQUESTS.toLocaleString('en')} signed-in GETs with unique query strings${refused ? ` (${refused} refused)` : ''}`,
    value: `${growth.toFixed(0)} MiB`,
    goal: `≤ ${HOSTILE_GOAL_MIB} MiB`,
    met: growth <= HOSTILE_GOAL_MIB && refused === 0,
  }
}

// As a script: against a running server, printing the growth of the process given by pid.
if (import.meta.url === `file://${process.argv[1]}`) {
  const [base, username, password, pid] = process.argv.slice(2)
  if (!base || !username || !password || !pid) {
    process.stderr.write('usage: hostile-memory.ts BASE_URL USERNAME PASSWORD SERVER_PID\n')
    process.exit(2)
  }
  const { readFileSync } = await import('node:fs')
  const rss = () =>
    Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024
  const account = { username, password }
  await sendUniqueGets(base, account, 2_000)
  const before = rss()
  const refused = await sendUniqueGets(base, account, HOSTILE_REQUESTS)
  process.stdout.write(
    `resident ${before.toFixed(0)} MiB, grew ${(rss() - before).toFixed(0)} MiB over ${HOSTILE_REQUESTS} GETs (${refused} refused)\n`,
  )
}
