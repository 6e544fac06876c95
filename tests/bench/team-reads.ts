// The reads of the team's load, by the names team-mix.ts weighs them under.
import {
  customerId,
  int,
  oneOf,
  orderId,
  outcome,
  PAGE_SIZE,
  STATUSES,
  type KindRun,
  type Random,
  type World,
} from './team-kinds'

const PAGES = 40
const SEARCH_PAGES = 5
const CUSTOMER_FIELDS = ['id', 'name', 'email', 'city', 'country', 'phone', 'date_created']
const ORDER_FIELDS = ['id', 'customer', 'customer_name', 'status', 'total_Amount', 'date_created']

/** A field, ascending or descending. */
const ordering = (random: Random, fields: string[]) =>
  `${random() < 0.5 ? '-' : ''}${oneOf(random, fields)}`

/** One of the first `pages` pages of 25. */
const page = (random: Random, pages: number) =>
  `limit=${PAGE_SIZE}&offset=${PAGE_SIZE * int(random, 0, pages - 1)}`

/** 2 to 4 letters in a row from a word of a real customer's name or city, lower case. */
export function fragment(random: Random, world: World): string {
  const person = oneOf(random, world.people)
  const words = (random() < 0.5 ? person.name : person.city).split(/[^\p{L}]+/u)
  const long = words.filter((w) => w.length >= 2)
  // A city may be empty: any common fragment then.
  const word = long.length > 0 ? oneOf(random, long) : 'an'
  const length = int(random, 2, Math.min(4, word.length))
  const start = int(random, 0, word.length - length)
  return word.slice(start, start + length).toLowerCase()
}

export const READS: Record<string, KindRun> = {
  'customers list page': async (client, _world, random) =>
    outcome(
      await client.get(
        `/api/customers/?${page(random, PAGES)}&ordering=${ordering(random, CUSTOMER_FIELDS)}`,
      ),
    ),
  search: async (client, world, random) => {
    const search = encodeURIComponent(fragment(random, world))
    return outcome(
      await client.get(`/api/customers/?search=${search}&${page(random, SEARCH_PAGES)}`),
    )
  },
  // The web app's loader asks a record page's reads at once; the page waits for the last.
  'customer page': async (client, world, random) => {
    const id = customerId(random, world)
    // The summary carries the customer's first page of orders (the web app asks no more).
    return outcome(
      ...(await Promise.all([
        client.get(`/api/customers/${id}/summary/`, { call: 'customer page: summary' }),
        client.get(`/api/history/?entity=customer&entity_id=${id}&limit=${PAGE_SIZE}`, {
          call: 'customer page: history',
        }),
      ])),
    )
  },
  'orders by status': async (client, _world, random) => {
    const status = encodeURIComponent(oneOf(random, STATUSES))
    const order = ordering(random, ORDER_FIELDS)
    return outcome(
      await client.get(`/api/orders/?status=${status}&${page(random, PAGES)}&ordering=${order}`),
    )
  },
  'order page': async (client, world, random) => {
    const id = orderId(random, world)
    return outcome(
      ...(await Promise.all([
        client.get(`/api/orders/${id}/`, { call: 'order page: order' }),
        client.get(`/api/history/?entity=order&entity_id=${id}&limit=${PAGE_SIZE}`, {
          call: 'order page: history',
        }),
      ])),
    )
  },
  'chart: customers by city': async (client) =>
    outcome(await client.get('/api/stats/customers-by-city/')),
  'chart: orders by status': async (client) =>
    outcome(await client.get('/api/stats/orders-by-status/')),
}
