import type { Order } from '#shared/order'
import { AnchorLink } from '../../components/anchor-link'

/** Spec 2: an order is shown as ORD- followed by its id. */
export const orderLabel = (order: Pick<Order, 'id'>) => `ORD-${order.id}`

/** Spec 2: the customer's name, or 'Unknown Customer' if not found. */
export const customerName = (order: Pick<Order, 'customer_name'>) =>
  order.customer_name ?? 'Unknown Customer'

/** The order's customer as a link to their page, or spec 2's 'Unknown Customer'. */
export function CustomerLink({ order }: { order: Pick<Order, 'customer' | 'customer_name'> }) {
  if (order.customer === null || order.customer_name === null) return customerName(order)
  return (
    <AnchorLink to="/dashboard/customers/$id" params={{ id: order.customer }}>
      {order.customer_name}
    </AnchorLink>
  )
}
