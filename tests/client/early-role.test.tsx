import { screen, waitFor } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { afterEach, describe, expect, it } from 'vitest'
import { sendEarlyRoleRequest } from '../../src/client/lib/early-role'
import { renderApp } from './helpers/render-app'
import { server } from './msw/server'
import { validAccess, validRefresh } from './msw/tokens'

// main.tsx sends GET /api/agent/role/ as a dashboard page starts; the role query uses that
// answer instead of asking again, but only for the token it was sent with.
function countRoleRequests(): { count: () => number } {
  let count = 0
  server.events.on('request:start', ({ request }) => {
    if (new URL(request.url).pathname === '/api/agent/role/') count += 1
  })
  return { count: () => count }
}

afterEach(() => server.events.removeAllListeners())

describe('the role request sent as the page starts', () => {
  it('is the only role request a dashboard screen makes', async () => {
    localStorage.setItem('access', validAccess())
    localStorage.setItem('refresh', validRefresh())
    const requests = countRoleRequests()
    sendEarlyRoleRequest('/dashboard/customers')
    await waitFor(() => expect(requests.count()).toBe(1))
    renderApp('/dashboard/customers')
    expect(await screen.findByRole('heading', { name: 'Customers', level: 1 })).toBeVisible()
    expect(await screen.findByRole('button', { name: 'Add' })).toBeVisible()
    expect(requests.count()).toBe(1)
  })

  it('is not used when the stored token changed since it was sent', async () => {
    localStorage.setItem('access', validAccess())
    localStorage.setItem('refresh', validRefresh())
    const requests = countRoleRequests()
    sendEarlyRoleRequest('/dashboard/customers')
    localStorage.setItem('access', validAccess())
    renderApp('/dashboard/customers')
    expect(await screen.findByRole('button', { name: 'Add' })).toBeVisible()
    expect(requests.count()).toBe(2)
  })

  it('is not sent off the dashboard or without a valid token, and a failed one is asked again', async () => {
    const requests = countRoleRequests()
    localStorage.setItem('access', validAccess())
    sendEarlyRoleRequest('/login')
    sendEarlyRoleRequest('/dashboards')
    localStorage.clear()
    sendEarlyRoleRequest('/dashboard/customers')
    expect(requests.count()).toBe(0)

    localStorage.setItem('access', validAccess())
    localStorage.setItem('refresh', validRefresh())
    server.use(
      http.get('*/api/agent/role/', () => HttpResponse.json({ error: 'Boom.' }, { status: 500 }), {
        once: true,
      }),
    )
    sendEarlyRoleRequest('/dashboard/customers')
    renderApp('/dashboard/customers')
    expect(await screen.findByRole('button', { name: 'Add' })).toBeVisible()
    expect(requests.count()).toBe(2)
  })
})
