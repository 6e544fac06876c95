import { screen } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { beforeEach, describe, expect, it } from 'vitest'
import { renderApp } from './helpers/render-app'
import { server } from './msw/server'
import { signIn } from './msw/tokens'

async function fillPasswords(
  user: ReturnType<typeof renderApp>['user'],
  current: string,
  next: string,
  confirm: string,
) {
  await user.type(await screen.findByLabelText(/^Current Password/), current)
  await user.type(screen.getByLabelText(/^New Password/), next)
  await user.type(screen.getByLabelText(/^Confirm New Password/), confirm)
  await user.click(screen.getByRole('button', { name: 'Update Password' }))
}

describe('settings screen', () => {
  beforeEach(() => signIn())

  it('has the Update Password section with three required fields', async () => {
    renderApp('/dashboard/settings')
    expect(await screen.findByRole('heading', { name: 'Update Password' })).toBeInTheDocument()
    expect(screen.getByLabelText(/^Current Password/)).toBeRequired()
    expect(screen.getByLabelText(/^New Password/)).toBeRequired()
    expect(screen.getByLabelText(/^Confirm New Password/)).toBeRequired()
    expect(screen.getByRole('button', { name: 'Update Password' })).toBeInTheDocument()
  })

  it('shows the message and the toast, and resets the form on success', async () => {
    const { user } = renderApp('/dashboard/settings')
    await fillPasswords(user, 'password123', 'a-new-secret-1', 'a-new-secret-1')
    expect(await screen.findByText('Password updated.')).toBeInTheDocument()
    expect(await screen.findByText('Password updated successfully')).toBeInTheDocument()
    expect(screen.getByLabelText(/^Current Password/)).toHaveValue('')
    expect(screen.getByLabelText(/^New Password/)).toHaveValue('')
    expect(screen.getByLabelText(/^Confirm New Password/)).toHaveValue('')
  })

  it("shows the server's error on failure", async () => {
    const { user } = renderApp('/dashboard/settings')
    await fillPasswords(user, 'wrong-one', 'a-new-secret-1', 'a-new-secret-1')
    expect(await screen.findByText('The current password is incorrect.')).toBeInTheDocument()
    expect(screen.queryByText('Password updated successfully')).not.toBeInTheDocument()
  })

  it("shows 'An error occurred' when the answer has no error field", async () => {
    server.use(http.post('*/api/update-password/', () => new HttpResponse(null, { status: 500 })))
    const { user } = renderApp('/dashboard/settings')
    await fillPasswords(user, 'password123', 'a-new-secret-1', 'a-new-secret-1')
    expect(await screen.findByText('An error occurred')).toBeInTheDocument()
  })

  it('does not send the form while a field is empty', async () => {
    const { user } = renderApp('/dashboard/settings')
    await user.type(await screen.findByLabelText(/^Current Password/), 'password123')
    await user.click(screen.getByRole('button', { name: 'Update Password' }))
    expect(screen.getByLabelText(/^New Password/)).toBeInvalid()
    expect(screen.queryByText('Password updated successfully')).not.toBeInTheDocument()
    expect(screen.queryByText('An error occurred')).not.toBeInTheDocument()
  })
})
