// What every kind of request of the team's load (team-mix.ts) is made of.

/** One HTTP call's answer; `json` is read only when the kind asked for it. */
export interface Answer {
  status: number
  json: unknown
}

/** How a kind talks to the server: one timed call each (`call`: its own row, if any). */
export interface Client {
  get(path: string, options?: { call?: string; json?: boolean }): Promise<Answer>
  send(method: 'POST' | 'PUT', path: string, body: unknown): Promise<Answer>
}

/** What the agents know about the database, read once at the start. */
export interface World {
  customers: { min: number; max: number }
  orders: { min: number; max: number }
  /** Names and cities (with their countries) of real customers. */
  people: { name: string; city: string; country: string }[]
  /** Unique to the agent and the run, for the records it creates. */
  tag: string
}

/** ok; conflict (a 409 to a PUT with its version, as expected); error (anything else). */
export type Outcome = 'ok' | 'conflict' | 'error'

/** A number in [0, 1), as Math.random. */
export type Random = () => number

/** One kind's work: its calls (a record page's at once, as the web app asks them). */
export type KindRun = (client: Client, world: World, random: Random) => Promise<Outcome>

/** The row of every agent's token refresh (not drawn from the mix: team-load.ts). */
export const TOKEN_REFRESH = 'token refresh'

export const PAGE_SIZE = 25
export const STATUSES = ['Pending', 'Out for delivery', 'Delivered'] as const

export const int = (random: Random, min: number, max: number) =>
  min + Math.floor(random() * (max - min + 1))

export const oneOf = <T>(random: Random, values: readonly T[]): T =>
  values[int(random, 0, values.length - 1)] as T

export const customerId = (random: Random, world: World) =>
  int(random, world.customers.min, world.customers.max)

export const orderId = (random: Random, world: World) =>
  int(random, world.orders.min, world.orders.max)

/** ok when every call answered 2xx. */
export const outcome = (...answers: Answer[]): Outcome =>
  answers.every((a) => a.status >= 200 && a.status < 300) ? 'ok' : 'error'
