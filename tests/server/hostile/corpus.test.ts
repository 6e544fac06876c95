import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { baseline, bodyCases, fieldCases } from './body-cases'
import {
  headerCases,
  idCases,
  methodCases,
  pathCases,
  queryCases,
  refreshCases,
  tokenCases,
  traversalCases,
} from './request-cases'
import { NO_HOST, RAW_REQUESTS, sendRaw } from './raw-http'
import { openTarget, SECRET_FILE, type Section, type Target } from './target'

// The hostile-request corpus of issue 8: requests generated from the app's own route
// table and OpenAPI document, so every route, including ones added later, gets them.
// Every answer: no 5xx, every 4xx `{ error, fields? }`, no stack trace, SQL text, file
// path or password hash anywhere (corpus.ts), plus the status the contract fixes
// where it fixes one (401 without a valid token, 403 for a Tester's record write).
let target: Target
let total = 0
const tally: string[] = []

beforeAll(async () => {
  target = await openTarget()
})

afterAll(async () => {
  await target.close()
  // One line per section in the run's output: how many requests went out, and what came back.
  process.stdout.write(`\n[hostile] ${total} requests\n  ${tally.join('\n  ')}\n`)
})

async function finish(section: Section, name: string, minimum: number) {
  total += section.corpus.sent
  tally.push(`${name}: ${section.corpus.summary()}`)
  expect(section.corpus.problems).toEqual([])
  expect(section.corpus.sent).toBeGreaterThanOrEqual(minimum)
  await section.stillHealthy()
}

describe('hostile requests', () => {
  it('finds the routes from the app itself', async () => {
    const { routes } = await target.section()
    const served = routes.map((r) => `${r.method} ${r.path}`)
    expect(served).toEqual(
      expect.arrayContaining(['POST /api/customers', 'DELETE /api/orders/{id}']),
    )
    expect(routes.filter((r) => r.body).length).toBeGreaterThanOrEqual(8)
    expect(routes.filter((r) => r.signedIn).length).toBeGreaterThanOrEqual(10)
  })

  it('builds bodies the routes accept, so one hostile field meets valid others', async () => {
    const s = await target.section()
    for (const path of ['/api/customers', '/api/orders']) {
      const route = s.routes.find((r) => r.method === 'POST' && r.path === path)
      const res = await s.app.inject({
        method: 'POST',
        url: path,
        headers: { authorization: `Bearer ${s.agentToken}` },
        payload: baseline(route?.body, s.fixtures),
      })
      expect(res.statusCode, res.body).toBe(201)
    }
  })

  it('every documented body field set to hostile values', async () => {
    const s = await target.section()
    const remember = (value: unknown) => s.corpus.remember(value)
    await s.send(
      s.routes.flatMap((route) => (route.body ? fieldCases(route, s.fixtures, remember) : [])),
    )
    // The hostile values were refused, and the ones that happen to be valid accepted.
    expect([...s.corpus.statuses.keys()]).toEqual(expect.arrayContaining([200, 201, 400]))
    await finish(s, 'fields', 200)
  })

  it('bodies that are not the object, too deep, too large, or not JSON', async () => {
    const s = await target.section()
    await s.send(s.routes.flatMap((route) => (route.body ? bodyCases(route, s.fixtures) : [])))
    await finish(s, 'bodies', 200)
  })

  it('odd ids in every path parameter', async () => {
    const s = await target.section()
    await s.send(s.routes.flatMap((route) => idCases(route, s.fixtures)))
    await finish(s, 'ids', 200)
  })

  it('odd query strings on every route', async () => {
    const s = await target.section()
    s.corpus.remember(s.routes.flatMap((route) => route.query.map((q) => q.name)))
    await s.send(s.routes.flatMap((route, turn) => queryCases(route, s.fixtures, turn)))
    await finish(s, 'queries', 300)
  })

  it('odd paths and odd methods on every route', async () => {
    const s = await target.section()
    const paths = [...new Set(s.routes.map((route) => route.path))]
    await s.send([
      ...s.routes.flatMap((route) => pathCases(route, s.fixtures)),
      ...methodCases(paths, s.fixtures),
      ...traversalCases(SECRET_FILE),
    ])
    await finish(s, 'paths and methods', 300)
  })

  it('odd headers on every route', async () => {
    const s = await target.section()
    await s.send(s.routes.flatMap((route, turn) => headerCases(route, s.fixtures, turn)))
    await finish(s, 'headers', 300)
  })

  it('forged and misused tokens on every route', async () => {
    const s = await target.section()
    expect(s.forged.length).toBeGreaterThanOrEqual(25)
    await s.send(
      s.routes.flatMap((route) => [
        ...tokenCases(route, s.fixtures, s.forged),
        ...refreshCases(route, s.fixtures, s.forged, s.agentToken),
      ]),
    )
    await finish(s, 'tokens', 300)
  })

  it('requests that the HTTP parser refuses, on a real socket', async () => {
    const s = await target.section()
    const port = await s.listen()
    const answers = await Promise.all(
      RAW_REQUESTS.map((raw) => sendRaw(port, raw.text.replaceAll('{token}', s.agentToken))),
    )
    RAW_REQUESTS.forEach((raw, i) => {
      const answer = answers[i] ?? { status: 0, headers: {}, body: '' }
      s.corpus.record({ method: 'RAW', url: raw.name, as: 'agent' }, answer)
    })
    await finish(s, 'raw HTTP', RAW_REQUESTS.length)
  })

  // Node itself would answer an HTTP/1.1 request without a Host header with an empty 400
  // and no `{ error }` body; buildApp hands it to the app instead.
  it("a request without a Host header gets the contract's error body", async () => {
    const s = await target.section()
    s.corpus.record(
      { method: 'RAW', url: 'no Host', as: 'anonymous' },
      await sendRaw(await s.listen(), NO_HOST),
    )
    await finish(s, 'raw HTTP without Host', 1)
  })

  it('sends at least 1,000 hostile requests in all', () => {
    expect(total).toBeGreaterThanOrEqual(1_000)
  })
})
