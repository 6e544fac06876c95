import type { InfiniteData } from '@tanstack/react-query'
import type { OrderStatus } from '#shared/constants'
import type { Order, OrderList } from '#shared/order'
import { compareFor } from './board-order'

export type ColumnData = InfiniteData<OrderList, number>

/** A column's data without the order, its count one lower when it was there. */
export function withoutOrder(data: ColumnData, id: number): ColumnData {
  const had = data.pages.some((page) => page.Orders.some((order) => order.id === id))
  if (!had) return data
  return {
    ...data,
    pages: data.pages.map((page) => ({
      ...page,
      Orders: page.Orders.filter((order) => order.id !== id),
      count: page.count - 1,
    })),
  }
}

/**
 * A column's data with the moved order in its place by the column's ordering, its count
 * one higher. Past the loaded cards (more to load) it shows up with 'Load more'.
 */
export function withOrder(data: ColumnData, order: Order, ordering: string | undefined) {
  const compare = compareFor(ordering)
  const last = data.pages.length - 1
  let placed = false
  const pages = data.pages.map((page, index) => {
    const counted = { ...page, count: page.count + 1 }
    if (placed) return counted
    const at = page.Orders.findIndex((other) => compare(order, other) < 0)
    if (at === -1 && (index < last || page.next !== null)) return counted
    placed = true
    const rows = [...page.Orders]
    rows.splice(at === -1 ? rows.length : at, 0, order)
    return { ...counted, Orders: rows }
  })
  return { ...data, pages }
}

/** What a column's query asked for: its status, and the ordering the URL gave. */
export interface ColumnFilters {
  status: OrderStatus
  ordering?: string
}
