import { ORDER_STATUSES } from '../../../src/shared/constants'
import type { Customer, CustomerData, CustomerSummary } from '../../../src/shared/customer'
import type { Order, OrderData } from '../../../src/shared/order'

/** An order as stored: the name is joined on read, so renaming a customer shows everywhere. */
type StoredOrder = Omit<Order, 'customer_name'>

const seedCustomers = (): Customer[] => [
  customer(
    1,
    'Ann Lee',
    'ann@example.com',
    'Austin',
    'USA',
    '555-0101',
    '2024-03-01T09:00:00.000Z',
  ),
  customer(
    2,
    'Bob Stone',
    'bob@example.com',
    'Berlin',
    'Germany',
    '555-0102',
    '2024-03-02T09:00:00.000Z',
  ),
  customer(
    3,
    'Cara Diaz',
    'cara@example.com',
    'Austin',
    'USA',
    '555-0103',
    '2024-03-03T09:00:00.000Z',
  ),
]

const seedOrders = (): StoredOrder[] => [
  {
    id: 12,
    customer: 1,
    status: 'Pending',
    total_Amount: '125.50',
    date_created: '2024-04-01T10:00:00.000Z',
    version: 1,
  },
  {
    id: 13,
    customer: 2,
    status: 'Delivered',
    total_Amount: '80.00',
    date_created: '2024-04-02T10:00:00.000Z',
    version: 1,
  },
  {
    id: 14,
    customer: null,
    status: 'Out for delivery',
    total_Amount: '42.00',
    date_created: '2024-04-03T10:00:00.000Z',
    version: 1,
  },
]

function customer(
  id: number,
  name: string,
  email: string,
  city: string,
  country: string,
  phone: string,
  date: string,
): Customer {
  return { id, name, email, city, country, phone, date_created: date, version: 1 }
}

/** The in-memory server state behind the msw handlers; tests reset it in beforeEach. */
export const mockDb = {
  customers: seedCustomers(),
  orders: seedOrders(),
  nextCustomerId: 100,
  nextOrderId: 100,
}

export function resetMockData(): void {
  mockDb.customers = seedCustomers()
  mockDb.orders = seedOrders()
  mockDb.nextCustomerId = 100
  mockDb.nextOrderId = 100
}

/** Adds `count` customers named 'Customer 001'…, older than the seeds, for paging tests. */
export function addManyCustomers(count: number): void {
  for (let i = 1; i <= count; i += 1) {
    const n = String(i).padStart(3, '0')
    const date = new Date(Date.UTC(2023, 0, 1) + (count - i) * 60_000).toISOString()
    mockDb.customers.push(
      customer(1000 + i, `Customer ${n}`, `c${n}@example.com`, 'Paris', 'France', '', date),
    )
  }
}

/** Adds `count` Pending orders for Bob (ids 1001…), older than the seeds, for paging tests. */
export function addManyOrders(count: number): void {
  for (let i = 1; i <= count; i += 1) {
    const date = new Date(Date.UTC(2023, 0, 1) + (count - i) * 60_000).toISOString()
    mockDb.orders.push({
      id: 1000 + i,
      customer: 2,
      status: 'Pending',
      total_Amount: '10.00',
      date_created: date,
      version: 1,
    })
  }
}

export function createCustomer(data: CustomerData): Customer {
  const created = {
    ...data,
    id: mockDb.nextCustomerId++,
    date_created: new Date().toISOString(),
    version: 1,
  }
  mockDb.customers.push(created)
  return created
}

export function withCustomerName(order: StoredOrder): Order {
  const owner = mockDb.customers.find((c) => c.id === order.customer)
  return { ...order, customer_name: owner?.name ?? null }
}

export function createOrder(data: OrderData): Order {
  const created = {
    ...data,
    id: mockDb.nextOrderId++,
    date_created: new Date().toISOString(),
    version: 1,
  }
  mockDb.orders.push(created)
  return withCustomerName(created)
}

/** Deleting a customer keeps its orders with `customer: null` (API.md). */
export function deleteCustomer(id: number): boolean {
  const before = mockDb.customers.length
  mockDb.customers = mockDb.customers.filter((c) => c.id !== id)
  mockDb.orders = mockDb.orders.map((o) => (o.customer === id ? { ...o, customer: null } : o))
  return mockDb.customers.length < before
}

interface ListParams {
  search?: string
  ordering?: string
  limit?: number
  offset?: number
}

/** How the API orders a field's values: text ignoring case, status in workflow order. */
function sortKey(field: PropertyKey, value: unknown): string | number {
  if (field === 'status') return (ORDER_STATUSES as readonly unknown[]).indexOf(value)
  // Amounts are decimal strings ("125.50"): they order as numbers.
  if (field === 'total_Amount') return Number(value)
  if (typeof value === 'number') return value
  return typeof value === 'string' ? value.toLowerCase() : ''
}

/** API.md list parameters: search, ordering (default newest first, ties by id), limit/offset, count. */
export function listRows<T extends { id: number; date_created: string }>(
  rows: T[],
  params: ListParams,
  searchable: (row: T) => string[],
): { rows: T[]; count: number; count_exact: boolean; next: string | null } {
  const term = params.search?.toLowerCase() ?? ''
  const matching = term
    ? rows.filter((row) => searchable(row).some((value) => value.toLowerCase().includes(term)))
    : [...rows]
  const ordering = params.ordering ?? '-date_created'
  const field = ordering.replace(/^-/, '') as keyof T
  const direction = ordering.startsWith('-') ? -1 : 1
  matching.sort((a, b) => {
    const x = sortKey(field, a[field])
    const y = sortKey(field, b[field])
    return (x < y ? -1 : x > y ? 1 : a.id - b.id) * direction
  })
  const offset = params.offset ?? 0
  const page = matching.slice(
    offset,
    params.limit === undefined ? undefined : offset + params.limit,
  )
  const more = params.limit !== undefined && offset + params.limit < matching.length
  // The web app pages by offset; `next` only has to say whether more rows follow.
  return { rows: page, count: matching.length, count_exact: true, next: more ? 'more' : null }
}

/** GET /api/customers/{id}/summary/ (API.md), or undefined for an unknown customer. */
export function customerSummary(id: number): CustomerSummary | undefined {
  const found = mockDb.customers.find((c) => c.id === id)
  if (!found) return undefined
  const own = mockDb.orders.filter((o) => o.customer === id)
  const cents = own.reduce((sum, o) => sum + Math.round(Number(o.total_Amount) * 100), 0)
  const dates = own.map((o) => o.date_created).sort()
  return {
    customer: found,
    orders: {
      count: own.length,
      total_amount: (cents / 100).toFixed(2),
      by_status: ORDER_STATUSES.map((status) => ({
        status,
        count: own.filter((o) => o.status === status).length,
      })),
      first_order: dates[0] ?? null,
      last_order: dates.at(-1) ?? null,
    },
  }
}

export function customersByCity(): { city: string; count: number }[] {
  const counts = new Map<string, number>()
  for (const c of mockDb.customers) counts.set(c.city, (counts.get(c.city) ?? 0) + 1)
  return [...counts].map(([city, count]) => ({ city, count })).sort((a, b) => b.count - a.count)
}

export function ordersByStatus() {
  const statuses = ORDER_STATUSES.map((status) => ({
    status,
    count: mockDb.orders.filter((o) => o.status === status).length,
  }))
  return { statuses, total: statuses.reduce((sum, s) => sum + s.count, 0) }
}
