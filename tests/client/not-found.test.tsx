import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { renderApp } from './helpers/render-app'
import { signIn } from './msw/tokens'

describe('unknown paths', () => {
  it("shows 'Page Not Found' for /nope", async () => {
    renderApp('/nope')
    expect(await screen.findByText('Page Not Found')).toBeInTheDocument()
  })

  it("shows 'Page Not Found' for /dashboard/nope inside the dashboard", async () => {
    signIn()
    renderApp('/dashboard/nope')
    expect(await screen.findByText('Page Not Found')).toBeInTheDocument()
  })
})
