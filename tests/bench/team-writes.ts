// The writes of the team's load, by the names team-mix.ts weighs them under.
import {
  customerId,
  int,
  oneOf,
  orderId,
  outcome,
  STATUSES,
  type Client,
  type KindRun,
  type Outcome,
} from './team-kinds'

type Fields = Record<string, unknown>

/** Reads the record, then PUTs it back changed with the version read (API "Edits"). */
async function edit(client: Client, path: string, change: (read: Fields) => Fields) {
  const read = await client.get(path, { json: true })
  if (read.status !== 200) return 'error' satisfies Outcome
  const written = await client.send('PUT', path, change(read.json as Fields))
  // Another agent's edit came first: the conflict the version is there for.
  return written.status === 409 ? ('conflict' satisfies Outcome) : outcome(written)
}

const phone = (n: number) => `+1 555 ${String(n % 10_000_000).padStart(7, '0')}`

export const WRITES: Record<string, KindRun> = {
  'edit a customer': (client, world, random) =>
    edit(client, `/api/customers/${customerId(random, world)}/`, (c) => ({
      name: c.name,
      email: c.email,
      city: c.city,
      country: c.country,
      phone: phone(int(random, 0, 9_999_999)),
      version: c.version,
    })),
  "change an order's status": (client, world, random) =>
    edit(client, `/api/orders/${orderId(random, world)}/`, (o) => ({
      customer: o.customer,
      total_amount: o.total_Amount,
      status: oneOf(
        random,
        STATUSES.filter((s) => s !== o.status),
      ),
      version: o.version,
    })),
  'create an order': async (client, world, random) =>
    outcome(
      await client.send('POST', '/api/orders/', {
        customer: customerId(random, world),
        status: oneOf(random, STATUSES),
        total_Amount: (int(random, 500, 150_000) / 100).toFixed(2),
      }),
    ),
  'create a customer': async (client, world, random) => {
    const { city, country } = oneOf(random, world.people)
    const n = int(random, 0, 999_999_999)
    return outcome(
      await client.send('POST', '/api/customers/', {
        name: `Team Bench ${world.tag} ${n}`,
        email: `team.bench.${world.tag}.${n}@example.com`,
        city,
        country,
        phone: phone(n),
      }),
    )
  },
}
