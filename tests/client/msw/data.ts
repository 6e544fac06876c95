import type { TeamAgent } from '../../../src/shared/agent'
import { ORDER_STATUSES } from '../../../src/shared/constants'
import type { Customer, CustomerData, CustomerSummary } from '../../../src/shared/customer'
import type { HistoryChanges, HistoryEntry } from '../../../src/shared/history'
import type { Order, OrderData } from '../../../src/shared/order'

/** An order as stored: the name is joined on read, so renaming a customer shows everywhere. */
type StoredOrder = Omit<Order, 'customer_name'>

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString()
const johndoe = { id: 1, username: 'johndoe' }
const olivia = { id: 2, username: 'olivia' }

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
  return {
    id,
    name,
    email,
    city,
    country,
    phone,
    date_created: date,
    version: 1,
    next_follow_up: null,
    owner: null,
  }
}

/** A deleted customer as the server keeps it for undo: with the orders it had. */
interface DeletedCustomer {
  customer: Customer
  orderIds: number[]
}

let liveOrders = seedOrders()

/** The in-memory server state behind the msw handlers; tests reset it in beforeEach. */
export const mockDb = {
  customers: seedCustomers(),
  get orders(): StoredOrder[] {
    return liveOrders
  },
  /**
   * The orders handler deletes by leaving an order out: it is kept for undo, with its
   * history entry, as the server keeps a deleted order (API.md "undo after delete").
   */
  set orders(next: StoredOrder[]) {
    const kept = new Set(next.map((o) => o.id))
    for (const order of liveOrders.filter((o) => !kept.has(o.id))) {
      mockDb.deletedOrders.push(order)
      addHistory('delete', 'order', order.id, `Order ORD-${order.id} deleted`, {
        status: [order.status, null],
      })
    }
    liveOrders = next
  },
  nextCustomerId: 100,
  nextOrderId: 100,
  deletedCustomers: seedDeletedCustomers(),
  deletedOrders: seedDeletedOrders(),
  history: seedHistory(),
  nextHistoryId: 100,
  /** The team (GET agents/) besides the signed-in agent, who is agentStore.agent. */
  team: seedTeam(),
}

export function resetMockData(): void {
  mockDb.customers = seedCustomers()
  liveOrders = seedOrders()
  mockDb.nextCustomerId = 100
  mockDb.nextOrderId = 100
  mockDb.deletedCustomers = seedDeletedCustomers()
  mockDb.deletedOrders = seedDeletedOrders()
  mockDb.history = seedHistory()
  mockDb.nextHistoryId = 100
  mockDb.team = seedTeam()
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
    next_follow_up: null,
    owner: null,
  }
  mockDb.customers.push(created)
  addHistory('create', 'customer', created.id, `Customer ${created.name} created`, {
    name: [null, created.name],
  })
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
  addHistory('create', 'order', created.id, `Order ORD-${created.id} created`, {
    status: [null, created.status],
  })
  return withCustomerName(created)
}

/** Deleting a customer keeps its orders with `customer: null` (API.md), and it, for undo. */
export function deleteCustomer(id: number): boolean {
  const found = mockDb.customers.find((c) => c.id === id)
  if (!found) return false
  const orderIds = mockDb.orders.filter((o) => o.customer === id).map((o) => o.id)
  mockDb.customers = mockDb.customers.filter((c) => c.id !== id)
  mockDb.orders = mockDb.orders.map((o) => (o.customer === id ? { ...o, customer: null } : o))
  mockDb.deletedCustomers.push({ customer: found, orderIds })
  addHistory('delete', 'customer', id, `Customer ${found.name} deleted`, {
    name: [found.name, null],
  })
  return true
}

/** POST customers/{id}/restore/: back, with its orders re-linked; undefined if not deleted. */
export function restoreCustomer(id: number): Customer | undefined {
  const index = mockDb.deletedCustomers.findIndex((d) => d.customer.id === id)
  const deleted = mockDb.deletedCustomers[index]
  if (!deleted) return undefined
  mockDb.deletedCustomers.splice(index, 1)
  mockDb.customers.push(deleted.customer)
  mockDb.orders = mockDb.orders.map((o) =>
    deleted.orderIds.includes(o.id) ? { ...o, customer: id } : o,
  )
  const { name } = deleted.customer
  addHistory('restore', 'customer', id, `Customer ${name} restored`, { name: [null, name] })
  return deleted.customer
}

/** POST orders/{id}/restore/: back in the lists; undefined if not deleted. */
export function restoreOrder(id: number): Order | undefined {
  const index = mockDb.deletedOrders.findIndex((o) => o.id === id)
  const order = mockDb.deletedOrders[index]
  if (!order) return undefined
  mockDb.deletedOrders.splice(index, 1)
  mockDb.orders.push(order)
  addHistory('restore', 'order', id, `Order ORD-${id} restored`, { status: [null, order.status] })
  return withCustomerName(order)
}

/** Adds an entry by the signed-in agent (johndoe, id 1), now. */
export function addHistory(
  action: HistoryEntry['action'],
  entity: HistoryEntry['entity'],
  entityId: number | null,
  summary: string,
  changes: HistoryChanges,
): void {
  mockDb.history.unshift({
    id: mockDb.nextHistoryId++,
    at: new Date().toISOString(),
    actor: { id: 1, username: 'johndoe' },
    action,
    entity,
    entity_id: entityId,
    summary,
    changes,
  })
}

/** Dan Old (4) and his order 15 were deleted; Cara (3) was deleted and restored since. */
function seedDeletedCustomers(): DeletedCustomer[] {
  return [
    {
      customer: customer(4, 'Dan Old', 'dan@example.com', 'Dover', 'UK', '', minutesAgo(9000)),
      orderIds: [],
    },
  ]
}

/** Order 15 (Bob's) was deleted. */
function seedDeletedOrders(): StoredOrder[] {
  return [
    {
      id: 15,
      customer: 2,
      status: 'Delivered',
      total_Amount: '60.00',
      date_created: minutesAgo(8000),
      version: 1,
    },
  ]
}

/** Newest first: who changed what, as GET history/ answers. */
function seedHistory(): HistoryEntry[] {
  const entry = (
    id: number,
    minutes: number,
    actor: HistoryEntry['actor'],
    action: HistoryEntry['action'],
    entity: HistoryEntry['entity'],
    entityId: number | null,
    summary: string,
    changes: HistoryChanges,
  ): HistoryEntry => ({
    id,
    at: minutesAgo(minutes),
    actor,
    action,
    entity,
    entity_id: entityId,
    summary,
    changes,
  })
  return [
    entry(12, 3, olivia, 'update', 'customer', 2, 'Customer Bob Stone city Bonn → Berlin', {
      city: ['Bonn', 'Berlin'],
    }),
    entry(11, 60, olivia, 'update', 'order', 13, 'Order ORD-13 status Pending → Delivered', {
      status: ['Pending', 'Delivered'],
    }),
    entry(10, 90, johndoe, 'role', 'agent', 3, "tess's role Agent → Tester", {
      role: ['Agent', 'Tester'],
    }),
    entry(9, 120, johndoe, 'restore', 'customer', 3, 'Customer Cara Diaz restored, with 0 orders', {
      name: [null, 'Cara Diaz'],
    }),
    entry(8, 150, olivia, 'delete', 'customer', 3, 'Customer Cara Diaz deleted', {
      name: ['Cara Diaz', null],
    }),
    entry(7, 200, olivia, 'delete', 'order', 15, 'Order ORD-15 deleted', {
      status: ['Delivered', null],
    }),
    entry(6, 300, johndoe, 'delete', 'customer', 4, 'Customer Dan Old deleted', {
      name: ['Dan Old', null],
    }),
    entry(5, 2000, olivia, 'update', 'order', 13, 'Order ORD-13 total_Amount 70.00 → 80.00', {
      total_Amount: ['70.00', '80.00'],
    }),
    entry(4, 2880, johndoe, 'import', 'customer', null, 'Imported 2 customers', {}),
    entry(3, 4320, johndoe, 'create', 'order', 13, 'Order ORD-13 created', {
      customer: [null, 2],
      status: [null, 'Pending'],
      total_Amount: [null, '70.00'],
    }),
    entry(2, 5000, null, 'password', 'agent', 1, "johndoe's password changed", {}),
    entry(1, 6000, johndoe, 'create', 'customer', 2, 'Customer Bob Stone created', {
      name: [null, 'Bob Stone'],
      city: [null, 'Bonn'],
    }),
  ]
}

/** The other agents of GET agents/ (the signed-in johndoe, id 1, comes from agentStore). */
function seedTeam(): TeamAgent[] {
  const agent = (
    id: number,
    username: string,
    name: [string, string],
    role: TeamAgent['role'],
    active: boolean,
    lastLogin: string | null,
  ): TeamAgent => ({
    id,
    username,
    email: `${username}@example.com`,
    first_name: name[0],
    last_name: name[1],
    role,
    active,
    last_login: lastLogin,
  })
  return [
    agent(2, 'olivia', ['Olivia', 'Smith'], 'Agent', true, minutesAgo(60 * 24)),
    agent(3, 'tess', ['Tess', 'Ter'], 'Tester', true, null),
    agent(4, 'old.hand', ['Old', 'Hand'], 'Agent', false, minutesAgo(60 * 24 * 400)),
  ]
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
    last_contact: null,
    orders_page: {
      Orders: [...own]
        .sort((a, b) => b.date_created.localeCompare(a.date_created))
        .slice(0, 25)
        .map(withCustomerName),
      count: own.length,
      count_exact: true,
      next: own.length > 25 ? 'more' : null,
    },
  }
}

export function customersByCity(): { city: string; count: number }[] {
  const counts = new Map<string, number>()
  for (const c of mockDb.customers) counts.set(c.city, (counts.get(c.city) ?? 0) + 1)
  return [...counts].map(([city, count]) => ({ city, count })).sort((a, b) => b.count - a.count)
}

export function ordersByStatus() {
  const statuses = ORDER_STATUSES.map((status) => {
    const matching = mockDb.orders.filter((o) => o.status === status)
    const cents = matching.reduce((sum, o) => sum + Math.round(Number(o.total_Amount) * 100), 0)
    return { status, count: matching.length, total_amount: (cents / 100).toFixed(2) }
  })
  return { statuses, total: statuses.reduce((sum, s) => sum + s.count, 0) }
}
