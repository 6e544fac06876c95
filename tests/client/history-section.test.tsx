import { MantineProvider } from '@mantine/core'
import { render, screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { HistorySection, RelativeTime } from '../../src/client/components/history-section'

describe('history section', () => {
  it('says so when there are no entries yet', () => {
    render(
      <MantineProvider env="test">
        <HistorySection title="History" entries={[]} empty="No changes recorded yet." />
      </MantineProvider>,
    )
    const section = screen.getByRole('region', { name: 'History' })
    expect(within(section).getByRole('heading', { name: 'History' })).toBeInTheDocument()
    expect(within(section).getByText('No changes recorded yet.')).toBeInTheDocument()
  })

  it('lists entries newest first with who and when, the time exact in its title', () => {
    const at = new Date(Date.now() - 3 * 60_000).toISOString()
    render(
      <MantineProvider env="test">
        <HistorySection
          title="History"
          empty="No changes recorded yet."
          entries={[
            {
              id: 2,
              at,
              actor: { username: 'johndoe' },
              summary: 'Olivia Smith · updated city London → Leeds',
            },
            {
              id: 1,
              at: '2024-01-01T00:00:00.000Z',
              actor: null,
              summary: 'Olivia Smith · created',
            },
          ]}
        />
      </MantineProvider>,
    )
    const items = screen.getAllByRole('listitem')
    expect(items[0]).toHaveTextContent(
      'Olivia Smith · updated city London → Leeds · johndoe · 3 minutes ago',
    )
    const time = within(items[0]!).getByText('3 minutes ago')
    expect(time.tagName).toBe('TIME')
    expect(time).toHaveAttribute('datetime', at)
    expect(time).toHaveAttribute('title', new Date(at).toLocaleString())
    expect(items[1]).toHaveTextContent('Olivia Smith · created · operator')
  })

  it('writes the time relative to now', () => {
    const now = Date.parse('2024-06-10T12:00:00.000Z')
    const { rerender } = render(<RelativeTime at="2024-06-10T11:59:30.000Z" now={now} />)
    expect(screen.getByText('30 seconds ago')).toBeInTheDocument()
    rerender(<RelativeTime at="2024-06-09T12:00:00.000Z" now={now} />)
    expect(screen.getByText('yesterday')).toBeInTheDocument()
    rerender(<RelativeTime at="2023-06-10T12:00:00.000Z" now={now} />)
    expect(screen.getByText('last year')).toBeInTheDocument()
  })

  it('moves to the larger unit when rounding reaches it: never "in 60 minutes"', () => {
    const now = Date.parse('2024-06-10T12:00:00.000Z')
    const { rerender } = render(<RelativeTime at="2024-06-10T12:59:50.000Z" now={now} />)
    expect(screen.getByText('in 1 hour')).toBeInTheDocument()
    rerender(<RelativeTime at="2024-06-10T11:59:31.000Z" now={now} />)
    expect(screen.getByText('29 seconds ago')).toBeInTheDocument()
    rerender(<RelativeTime at="2024-06-10T11:00:20.000Z" now={now} />)
    expect(screen.getByText('1 hour ago')).toBeInTheDocument()
  })
})
