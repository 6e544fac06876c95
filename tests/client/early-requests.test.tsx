import { screen, waitFor } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { afterEach, describe, expect, it } from 'vitest'
import { startApp } from '../../src/client/app'
import { sendEarlyRequests } from '../../src/client/start/early-requests'
import { firstRequests } from '../../src/client/start/first-requests'
import { renderApp } from './helpers/render-app'
import { server } from './msw/server'
import { validAccess, validRefresh } from './msw/tokens'

// main.tsx sends a dashboard page's first GETs (the role, and a list screen's page of rows)
// as the page starts; the app's own requests for the same addresses take those answers
// instead of asking again, but only with the token they were sent with.
function countRequests(): { count: (path: string) => number; urls: string[] } {
  const urls: string[] = []
  server.events.on('request:start', ({ request }) => {
    urls.push(request.url)
  })
  return { count: (path) => urls.filter((url) => new URL(url).pathname === path).length, urls }
}

/** What start-requests.ts does as a page at `path` + `search` starts. */
function sendEarly(path: string, search: string): void {
  sendEarlyRequests(firstRequests(path, search))
}

function signIn(): void {
  localStorage.setItem('access', validAccess())
  localStorage.setItem('refresh', validRefresh())
}

afterEach(() => server.events.removeAllListeners())

describe("a dashboard page's first requests, sent as the page starts", () => {
  it("are the only role and list requests the customers screen makes, whatever its address's search", async () => {
    signIn()
    const requests = countRequests()
    const search = '?search=ann&sort=-name'
    sendEarly('/dashboard/customers', search)
    await waitFor(() => expect(requests.urls).toHaveLength(2))
    renderApp(`/dashboard/customers${search}`)
    expect(await screen.findByRole('heading', { name: 'Customers', level: 1 })).toBeVisible()
    expect(await screen.findByRole('button', { name: 'Add' })).toBeVisible()
    expect(await screen.findByRole('cell', { name: 'Ann Lee' })).toBeVisible()
    expect(requests.count('/api/agent/role/')).toBe(1)
    expect(requests.count('/api/customers/')).toBe(1)
  })

  it('serve the orders screen with its status filter', async () => {
    signIn()
    const requests = countRequests()
    sendEarly('/dashboard/orders', '?status=Pending&sort=-total_Amount')
    await waitFor(() => expect(requests.urls).toHaveLength(2))
    expect(new URL(requests.urls[1] ?? '').searchParams.get('status')).toBe('Pending')
    renderApp('/dashboard/orders?status=Pending&sort=-total_Amount')
    expect(await screen.findByRole('heading', { name: 'Orders', level: 1 })).toBeVisible()
    expect(await screen.findByRole('button', { name: 'Add Order' })).toBeVisible()
    expect(await screen.findByText(/^Showing 1–/)).toBeVisible()
    expect(requests.count('/api/orders/')).toBe(1)
  })

  it('leave a list the address does not ask for to the app', async () => {
    signIn()
    const requests = countRequests()
    sendEarly('/dashboard/customers', '?sort=name')
    renderApp('/dashboard/customers?sort=-name')
    expect(await screen.findByRole('button', { name: 'Add' })).toBeVisible()
    await waitFor(() => expect(requests.count('/api/customers/')).toBe(2))
    expect(requests.count('/api/agent/role/')).toBe(1)
  })

  it("go through the app's own handling of an answer: a 401 refreshes the token and asks again", async () => {
    signIn()
    const requests = countRequests()
    // The server refuses the token the early request carried (it was revoked meanwhile).
    const refused = () => HttpResponse.json({ error: 'Token is invalid.' }, { status: 401 })
    server.use(http.get('*/api/customers/', refused, { once: true }))
    sendEarly('/dashboard/customers', '?search=ann')
    renderApp('/dashboard/customers?search=ann')
    expect(await screen.findByRole('cell', { name: 'Ann Lee' })).toBeVisible()
    expect(requests.count('/api/token/refresh/')).toBe(1)
    expect(requests.count('/api/customers/')).toBe(2)
  })

  it('are not used when the stored token changed since they were sent', async () => {
    signIn()
    const requests = countRequests()
    sendEarly('/dashboard/customers', '')
    localStorage.setItem('access', validAccess())
    renderApp('/dashboard/customers')
    expect(await screen.findByRole('button', { name: 'Add' })).toBeVisible()
    await waitFor(() => expect(requests.count('/api/customers/')).toBe(2))
    expect(requests.count('/api/agent/role/')).toBe(2)
  })

  it('are not sent off the dashboard or without a valid token, and one that failed is asked again', async () => {
    const requests = countRequests()
    localStorage.setItem('access', validAccess())
    sendEarly('/login', '')
    sendEarly('/dashboards', '')
    localStorage.clear()
    sendEarly('/dashboard/customers', '')
    expect(requests.urls).toHaveLength(0)

    signIn()
    server.use(http.get('*/api/agent/role/', () => HttpResponse.error(), { once: true }))
    sendEarly('/dashboard/customers', '')
    renderApp('/dashboard/customers')
    expect(await screen.findByRole('button', { name: 'Add' })).toBeVisible()
    expect(requests.count('/api/agent/role/')).toBe(2)
    expect(requests.count('/api/customers/')).toBe(1)
  })
})

describe('the routed app', () => {
  it('starts loading the first screen when it is made, before React renders it', async () => {
    signIn()
    const requests = countRequests()
    window.history.replaceState(null, '', '/dashboard/customers?search=ann')
    try {
      startApp()
      await waitFor(() => expect(requests.count('/api/customers/')).toBe(1))
      expect(new URL(requests.urls.at(-1) ?? '').searchParams.get('search')).toBe('ann')
    } finally {
      window.history.replaceState(null, '', '/')
    }
  })
})
