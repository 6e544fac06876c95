import { describe, expect, it } from 'vitest'
import { createAgentAndLogin, createCustomer } from './helpers/factories'
import { call, useTestApp } from './helpers/test-app'

const s = useTestApp()
const TOKEN = 'scrape-token-0123456789'
const scrape = { headers: { authorization: `Bearer ${TOKEN}` } }

/** The value of one sample line, e.g. `http_requests_total{method="GET",…}`. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number {
  const wanted = Object.entries(labels).map(([key, value]) => `${key}="${value}"`)
  const line = text
    .split('\n')
    .find((l) =>
      l.startsWith(`${name}{`) || l.startsWith(`${name} `)
        ? wanted.every((w) => l.includes(w))
        : false,
    )
  return line === undefined ? NaN : Number(line.split(' ').at(-1))
}

describe('GET /metrics', () => {
  it('is not served without CRM_METRICS_TOKEN, and asks for the token when set', async () => {
    expect((await call(s.app, 'GET', '/metrics', scrape)).statusCode).toBe(404)
    const { app } = await s.variant({ metricsToken: TOKEN })
    expect((await call(app, 'GET', '/metrics')).statusCode).toBe(401)
    const wrong = await call(app, 'GET', '/metrics', { token: 'scrape-token-0123456788' })
    expect(wrong.statusCode).toBe(401)
    expect(wrong.json()).toEqual({ error: expect.any(String) as unknown })
    const res = await call(app, 'GET', '/metrics', scrape)
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/)
    for (const name of [
      'http_requests_total',
      'http_request_duration_seconds',
      'crm_db_pool_in_use',
      'crm_db_pool_waiting',
      'crm_event_streams_open',
      'crm_reminders_raised_total',
      'crm_webhook_deliveries_pending',
      'crm_webhook_deliveries_failed_total',
      'process_cpu_user_seconds_total',
      'nodejs_heap_size_used_bytes',
    ]) {
      expect(res.body, name).toContain(`# TYPE ${name} `)
    }
  })

  it('labels requests with the route pattern and status, never an id', async () => {
    const { app } = await s.variant({ metricsToken: TOKEN })
    const agent = await createAgentAndLogin(app, s.database)
    const customer = await createCustomer(app, agent.access)
    for (const id of [customer.id, 987654]) {
      await call(app, 'GET', `/api/customers/${id}/`, { token: agent.access })
    }
    await call(app, 'GET', '/api/no-such-thing/4321/')
    const text = (await call(app, 'GET', '/metrics', scrape)).body
    const route = '/api/customers/:id'
    expect(sample(text, 'http_requests_total', { method: 'GET', route, status: '200' })).toBe(1)
    expect(sample(text, 'http_requests_total', { method: 'GET', route, status: '404' })).toBe(1)
    expect(sample(text, 'http_requests_total', { route: 'unknown', status: '404' })).toBe(1)
    expect(
      sample(text, 'http_request_duration_seconds_count', { method: 'GET', route, status: '200' }),
    ).toBe(1)
    expect(sample(text, 'http_requests_total', { route: '/api/customers', status: '201' })).toBe(1)
    // Labels only: a sample's value may hold any digits (CPU seconds, bytes).
    const labels = (text.match(/\{[^}]*\}/g) ?? []).join('\n')
    expect(labels).toContain('/api/customers/:id')
    expect(labels).not.toContain(`/${customer.id}`)
    expect(labels).not.toContain('987654')
    expect(labels).not.toContain('4321')
    expect(sample(text, 'crm_reminders_raised_total')).toBe(0)
    expect(sample(text, 'crm_webhook_deliveries_pending')).toBe(0)
    expect(sample(text, 'crm_event_streams_open')).toBe(0)
  })
})
