import { describe, expect, it } from 'vitest'
import { readSettings } from '../../src/server/settings'
import { useTestApp } from './helpers/test-app'

const s = useTestApp()

async function tenFailuresThenOne(trustProxy: string[] | number | undefined, forwarded: boolean) {
  const { app } = await s.variant({ trustProxy })
  // Every request comes in through the proxy at 10.0.0.1, for ten different clients.
  const login = (client: number) =>
    app.inject({
      method: 'POST',
      url: '/api/users/token/',
      remoteAddress: '10.0.0.1',
      headers: forwarded ? { 'x-forwarded-for': `203.0.113.${client}` } : {},
      payload: { username: `nobody${client}`, password: 'wrong password' },
    })
  for (let client = 0; client < 10; client++) expect((await login(client)).statusCode).toBe(401)
  return (await login(99)).statusCode
}

describe('CRM_TRUST_PROXY', () => {
  it('without it, X-Forwarded-For is ignored: the connection is the address', async () => {
    expect(await tenFailuresThenOne(undefined, true)).toBe(429)
  })

  it("with the proxy's address, each client behind it has its own login limit", async () => {
    expect(await tenFailuresThenOne(['10.0.0.0/8'], true)).toBe(401)
    expect(await tenFailuresThenOne(['10.0.0.1'], true)).toBe(401)
    expect(await tenFailuresThenOne(1, true)).toBe(401)
  })

  it('trusts no other proxy: a client forging the header from elsewhere is still one address', async () => {
    expect(await tenFailuresThenOne(['192.168.0.1'], true)).toBe(429)
  })

  it('is read as addresses and CIDRs or a hop count, and a bad value stops the start', () => {
    expect(readSettings({ CRM_TRUST_PROXY: '10.0.0.1, 10.1.0.0/16, ::1' }).trustProxy).toEqual([
      '10.0.0.1',
      '10.1.0.0/16',
      '::1',
    ])
    expect(readSettings({ CRM_TRUST_PROXY: '2' }).trustProxy).toBe(2)
    expect(readSettings({}).trustProxy).toBeUndefined()
    for (const bad of ['everything', '10.0.0.1/40', '10.0.0.300', '0']) {
      expect(() => readSettings({ CRM_TRUST_PROXY: bad }), bad).toThrow(/CRM_TRUST_PROXY/)
    }
  })
})
