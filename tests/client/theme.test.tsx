import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { renderApp } from './helpers/render-app'
import { signIn } from './msw/tokens'

describe('theme toggle', () => {
  it('is light by default and toggles the dark class on the page', async () => {
    const { user } = renderApp('/')
    const toggle = await screen.findByRole('switch', { name: 'Dark mode' })
    const root = document.documentElement
    expect(root).not.toHaveClass('dark')
    expect(root).toHaveAttribute('data-mantine-color-scheme', 'light')
    await user.click(toggle)
    expect(root).toHaveClass('dark')
    expect(root).toHaveAttribute('data-mantine-color-scheme', 'dark')
    await user.click(toggle)
    expect(root).not.toHaveClass('dark')
    expect(root).toHaveAttribute('data-mantine-color-scheme', 'light')
  })

  it('is not persisted: nothing is written to local storage', async () => {
    const { user } = renderApp('/')
    await user.click(await screen.findByRole('switch', { name: 'Dark mode' }))
    expect(localStorage.length).toBe(0)
  })

  it('works in the dashboard top bar too', async () => {
    signIn()
    const { user } = renderApp('/dashboard/settings')
    await screen.findByRole('heading', { name: 'Update Password' })
    await user.click(screen.getByRole('switch', { name: 'Dark mode' }))
    expect(document.documentElement).toHaveClass('dark')
  })
})
