// Issue 27's speed goals at the large size, on a running server: CHANGES customer edits
// through the API (CLIENTS at a time, each with the version it read) while a webhook sends
// every `customer.updated` to a receiver on this machine. Measured: how long after the
// last change the last event arrives, that each arrives once, and the API's throughput
// during the deliveries against the same edits with no webhook.
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { signIn, type Running } from './processes'
import type { Row } from './table'
import { BENCH_ADMIN } from './team-agents'
import { CLIENTS, firstCustomers } from './timed-calls'

const CHANGES = 1_000
const LAG_GOAL_S = 10
const DROP_GOAL = 0.2
const WARMUP = 160

interface Customer {
  id: number
  name: string
  email: string
  city: string
  country: string
  phone: string
  version: number
}

/** A receiver answering 200 at once; counts each event id and notes when the last came. */
function receiver() {
  const seen = new Map<string, number>()
  let last = 0
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      const { id, type } = JSON.parse(Buffer.concat(chunks).toString()) as {
        id: string
        type: string
      }
      if (type === 'customer.updated') {
        seen.set(id, (seen.get(id) ?? 0) + 1)
        last = performance.now()
      }
      res.writeHead(200).end()
    })
  })
  return {
    seen,
    lastAt: () => last,
    listen: () =>
      new Promise<string>((resolve) =>
        server.listen(0, '127.0.0.1', () =>
          resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`),
        ),
      ),
    close: () => new Promise((resolve) => server.close(resolve)),
  }
}

/**
 * Edits `customers` (each once, CLIENTS at a time, keeping the versions the answers give);
 * answers the edits per second and when the last answer came.
 */
async function edit(base: string, headers: Record<string, string>, customers: Customer[]) {
  let next = 0
  const started = performance.now()
  const client = async () => {
    while (next < customers.length) {
      const customer = customers[next++] as Customer
      const { id, name, email, city, country, version } = customer
      const phone = `+1 555 ${String(version % 10_000_000).padStart(7, '0')}`
      const res = await fetch(`${base}/api/customers/${id}/`, {
        method: 'PUT',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify({ name, email, city, country, phone, version }),
      })
      if (!res.ok) throw new Error(`PUT /api/customers/${id}/ answered ${res.status}`)
      customer.version = ((await res.json()) as Customer).version
    }
  }
  await Promise.all(Array.from({ length: CLIENTS }, client))
  const ended = performance.now()
  return { perSecond: customers.length / ((ended - started) / 1000), ended }
}

export async function webhookRows(
  database: string,
  server: Running,
  log: (line: string) => void,
): Promise<Row[]> {
  const headers = await signIn(server.base, BENCH_ADMIN)
  const customers = await firstCustomers<Customer>(server.base, headers, CHANGES)
  await edit(server.base, headers, customers.slice(0, WARMUP))
  const without = await edit(server.base, headers, customers)
  const hook = receiver()
  const url = await hook.listen()
  const created = await fetch(`${server.base}/api/webhooks/`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({ url, events: ['customer.updated'] }),
  })
  if (created.status !== 201) throw new Error(`POST /api/webhooks/ answered ${created.status}`)
  const { id: webhook } = (await created.json()) as { id: number }
  try {
    const withHook = await edit(server.base, headers, customers)
    const deadline = performance.now() + 120_000
    while (hook.seen.size < customers.length && performance.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 50))
    const lag =
      hook.seen.size < customers.length ? NaN : Math.max(0, hook.lastAt() - withHook.ended) / 1000
    const twice = [...hook.seen.values()].filter((n) => n > 1).length
    const drop = 1 - withHook.perSecond / without.perSecond
    log(
      `webhooks: ${hook.seen.size} of ${customers.length} events, the last ${lag.toFixed(1)} s after the last change, ${twice} twice; API ${without.perSecond.toFixed(0)} → ${withHook.perSecond.toFixed(0)} edits/s`,
    )
    return [
      {
        database,
        measure: `${customers.length} customer edits → all their webhook events at a local receiver, after the last edit`,
        value: `${lag.toFixed(1)} s (${hook.seen.size} received, ${twice} twice)`,
        goal: `≤ ${LAG_GOAL_S} s, each once`,
        met: lag <= LAG_GOAL_S && twice === 0,
      },
      {
        database,
        measure: `API throughput of those edits (${CLIENTS} clients) while deliveries run, against none`,
        value: `${withHook.perSecond.toFixed(0)} vs ${without.perSecond.toFixed(0)} edits/s (${(drop * 100).toFixed(0)} % less)`,
        goal: `at most ${DROP_GOAL * 100} % less`,
        met: drop <= DROP_GOAL,
      },
    ]
  } finally {
    await fetch(`${server.base}/api/webhooks/${webhook}/`, { method: 'DELETE', headers })
    await hook.close()
  }
}
