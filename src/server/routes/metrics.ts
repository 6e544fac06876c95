import { createHash, timingSafeEqual } from 'node:crypto'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { ChangeFeed } from '../events/change-feed'
import type { RouteContext } from '../http/context'
import { unauthorized } from '../http/errors'
import { createMetrics } from '../metrics/registry'

const digest = (text: string) => createHash('sha256').update(text).digest()

/** GET /metrics (Prometheus text format) when CRM_METRICS_TOKEN is set; otherwise none (404). */
export function metricsRoutes(app: FastifyInstance, ctx: RouteContext, feed: ChangeFeed): void {
  const token = ctx.config.metricsToken
  if (!token) return
  const registry = createMetrics(app, ctx.database, feed)
  const expected = digest(`Bearer ${token}`)
  const scraper = (request: FastifyRequest): Promise<void> => {
    const given = digest(request.headers.authorization ?? '')
    if (timingSafeEqual(given, expected)) return Promise.resolve()
    return Promise.reject(unauthorized('Send the metrics token as Authorization: Bearer <token>.'))
  }
  // Not compressed: a scraper on the operator's network asks every few seconds, and
  // compressing the text cost about as long as gathering it (bench: p95 12.6 ms).
  const options = { onRequest: scraper, schema: { hide: true }, compress: false as const }
  app.get('/metrics', options, async (_request, reply) => {
    const text = await registry.metrics()
    return reply.type(registry.contentType).send(text)
  })
}
