import type { FastifyInstance } from 'fastify'
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client'
import type { Database } from '../db/client'
import type { ChangeFeed } from '../events/change-feed'
import { databaseFigures } from './database-figures'

const HTTP_LABELS = ['method', 'route', 'status'] as const

/**
 * One app's metrics (API contract "Metrics"): requests by route pattern, the pool, open
 * event streams, and figures the database keeps for every server (reminders raised,
 * webhook deliveries), read when scraped. A registry per app, so tests may build several.
 */
export function createMetrics(
  app: FastifyInstance,
  database: Database,
  feed: ChangeFeed,
): Registry {
  const registry = new Registry()
  collectDefaultMetrics({ register: registry })
  const requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status',
    labelNames: HTTP_LABELS,
    registers: [registry],
  })
  const durations = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by method, route pattern and status',
    labelNames: HTTP_LABELS,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  })
  app.addHook('onResponse', (request, reply, done) => {
    // The pattern the router matched (`/api/customers/:id`), never the path with its ids;
    // the not-found handler and the web app's wildcard have none of their own.
    const pattern = request.routeOptions.url
    const route = pattern && pattern !== '/*' && pattern !== '*' ? pattern : 'unknown'
    const labels = { method: request.method, route, status: String(reply.statusCode) }
    requests.inc(labels)
    durations.observe(labels, reply.elapsedTime / 1000)
    done()
  })

  const pool = poolOf(database)
  const gauge = (name: string, help: string, read: () => number | Promise<number>) =>
    new Gauge({
      name,
      help,
      registers: [registry],
      async collect() {
        this.set(await read())
      },
    })
  gauge('crm_db_pool_in_use', 'Database connections running a query', () =>
    pool ? pool.totalCount - pool.idleCount : 0,
  )
  gauge('crm_db_pool_waiting', 'Queries waiting for a database connection', () =>
    pool ? pool.waitingCount : 0,
  )
  gauge('crm_event_streams_open', 'Live event streams open on this server', () => feed.subscribers)

  let figures: ReturnType<typeof databaseFigures> | undefined
  // The three database figures come from one statement per scrape.
  const figure = (key: 'reminders' | 'pending' | 'failed') => async () => {
    figures ??= databaseFigures(database.db).finally(() => (figures = undefined))
    return (await figures)[key]
  }
  const total = (name: string, help: string, read: () => Promise<number>) =>
    new Counter({
      name,
      help,
      registers: [registry],
      async collect() {
        // Kept by the database for all servers: the counter shows its current total.
        this.reset()
        this.inc(await read())
      },
    })
  total('crm_reminders_raised_total', 'Reminders raised, by every server', figure('reminders'))
  gauge('crm_webhook_deliveries_pending', 'Webhook deliveries not yet sent', figure('pending'))
  total(
    'crm_webhook_deliveries_failed_total',
    'Webhook deliveries that failed for good',
    figure('failed'),
  )
  return registry
}

interface PoolFigures {
  totalCount: number
  idleCount: number
  waitingCount: number
}

/** node-postgres's pool behind drizzle; the embedded database has one connection, no pool. */
function poolOf(database: Database): PoolFigures | undefined {
  if (database.kind !== 'postgres') return undefined
  return (database.db as unknown as { $client: PoolFigures }).$client
}
