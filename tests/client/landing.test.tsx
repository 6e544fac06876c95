import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { renderApp } from './helpers/render-app'

describe('landing page', () => {
  it('shows the pitch, features and three testimonials', async () => {
    renderApp('/')
    expect(await screen.findByText('Rapport CRM')).toBeInTheDocument()
    expect(
      screen.getByText(
        /helps your business manage customer relationships, track interactions, streamline processes and grow/,
      ),
    ).toBeInTheDocument()
    expect(screen.getByRole('heading', { name: 'Customer Management' })).toBeInTheDocument()
    expect(screen.getByText(/customer interactions in one place/)).toBeInTheDocument()
    expect(screen.getByRole('heading', { name: 'Sales Analytics' })).toBeInTheDocument()
    expect(screen.getByText(/insight into your sales performance/)).toBeInTheDocument()
    expect(screen.getByRole('heading', { name: 'Task Management' })).toBeInTheDocument()
    expect(screen.getByText(/tasks and reminders/)).toBeInTheDocument()
    expect(document.querySelectorAll('blockquote')).toHaveLength(3)
  })

  it('has Login, Register and an external About link in the top bar', async () => {
    renderApp('/')
    const nav = await screen.findByRole('navigation', { name: 'Site' })
    expect(within(nav).getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login')
    expect(within(nav).getByRole('link', { name: 'Register' })).toHaveAttribute('href', '/register')
    const about = within(nav).getByRole('link', { name: 'About' })
    expect(about).toHaveAttribute('target', '_blank')
    expect(about.getAttribute('href')).toMatch(/^https:\/\//)
    expect(about.getAttribute('rel')).toContain('noopener')
  })

  it('Get Started goes to /register', async () => {
    const { user, router } = renderApp('/')
    await user.click(await screen.findByRole('link', { name: 'Get Started' }))
    expect(await screen.findByRole('heading', { name: 'Register' })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/register')
  })

  it('Dashboard goes to /dashboard, which sends a visitor without a session to login', async () => {
    const { user, router } = renderApp('/')
    await user.click(await screen.findByRole('link', { name: 'Dashboard' }))
    expect(await screen.findByRole('heading', { name: 'Login' })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/login')
  })

  it('puts the links in a dropdown menu behind the burger on small screens', async () => {
    const { user } = renderApp('/')
    await user.click(await screen.findByRole('button', { name: 'Open navigation' }))
    const menu = await screen.findByRole('menu')
    expect(within(menu).getByRole('menuitem', { name: 'Login' })).toHaveAttribute('href', '/login')
    expect(within(menu).getByRole('menuitem', { name: 'Register' })).toHaveAttribute(
      'href',
      '/register',
    )
    expect(within(menu).getByRole('menuitem', { name: 'About' })).toHaveAttribute(
      'target',
      '_blank',
    )
  })
})
