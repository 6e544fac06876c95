import { SimpleGrid } from '@mantine/core'
import { SummaryCard, type SummaryCardProps } from './summary-card'

// Spec 2: these values are hard-coded, not fetched.
const CARDS: SummaryCardProps[] = [
  {
    title: 'BUDGET',
    amount: '24k',
    icon: 'dollar',
    change: { percent: 12, direction: 'up' },
    description: 'since last month',
  },
  {
    title: 'CUSTOMERS',
    amount: '1.6k',
    icon: 'users',
    change: { percent: 16, direction: 'down' },
    description: 'since last month',
  },
  { title: 'PROGRESS', amount: '75.5%', icon: 'menu', withProgress: true },
  { title: 'PROFIT', amount: '$15k', icon: 'up' },
]

export function SummaryCards() {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, xl: 4 }}>
      {CARDS.map((card) => (
        <SummaryCard key={card.title} {...card} />
      ))}
    </SimpleGrid>
  )
}
