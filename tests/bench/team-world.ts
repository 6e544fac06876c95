import type { Client, World } from './team-kinds'

interface Row {
  id: number
  name: string
  city: string
  country: string
}
type ListAnswer = { count: number } & Partial<Record<'Customers' | 'Orders', Row[]>>

/** The ids that exist (no deletes in the mix: every id in the range), and 400 real people. */
export async function readWorld(client: Client): Promise<Omit<World, 'tag'>> {
  const rows = async (path: string) => {
    const answer = await client.get(path, { json: true })
    if (answer.status !== 200) throw new Error(`GET ${path} answered ${answer.status}`)
    const list = answer.json as ListAnswer
    return { count: list.count, rows: list.Customers ?? list.Orders ?? [] }
  }
  const id = async (path: string) => {
    const [row] = (await rows(path)).rows
    if (!row) throw new Error(`GET ${path} answered no rows`)
    return row.id
  }
  const range = async (list: 'customers' | 'orders') => ({
    min: await id(`/api/${list}/?ordering=id&limit=1`),
    max: await id(`/api/${list}/?ordering=-id&limit=1`),
  })
  const { count } = await rows('/api/customers/?limit=1')
  const people: World['people'] = []
  for (let n = 0; n < 4; n++) {
    const offset = Math.floor((count * n) / 4)
    people.push(...(await rows(`/api/customers/?ordering=id&limit=100&offset=${offset}`)).rows)
  }
  return { customers: await range('customers'), orders: await range('orders'), people }
}
