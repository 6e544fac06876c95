import type { Order } from '#shared/order'
import { formatAmount } from '../../../lib/format'

const cents = (amount: string) => Math.round(Number(amount) * 100)

/** The cards a narrowed column has loaded, and whether more are still to load. */
interface Loaded {
  rows: Order[]
  more: boolean
}

/**
 * A column's amount: the status's whole amount (the statistics) when nothing narrows the
 * board, '…' until it is known; with a search or filters, the sum of the cards, with '+'
 * after it while more cards are still to load.
 */
export function columnAmount(from: string | undefined | Loaded): string {
  if (from === undefined) return '…'
  if (typeof from === 'string') return formatAmount(from)
  const sum = from.rows.reduce((acc, order) => acc + cents(order.total_Amount), 0)
  return `${formatAmount((sum / 100).toFixed(2))}${from.more ? '+' : ''}`
}
