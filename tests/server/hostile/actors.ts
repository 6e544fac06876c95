import type { Actor, HostileRequest } from './corpus'
import { concretePath, isRecordWrite, type Route } from './routes'

/** The records a section of the corpus works on. */
export interface Fixtures {
  agentId: number
  testerId: number
  /** An Agent the Admin acts on, so the Admin's own account stays usable. */
  victimId: number
  customerId: number
  orderId: number
}

/** A real record's id for the path segment before `{id}`: each actor's own agent record. */
export function idFor(fixtures: Fixtures, resource: string, as: Actor): string {
  if (resource === 'agents') {
    const own = as === 'tester' ? fixtures.testerId : fixtures.agentId
    return String(as === 'admin' ? fixtures.victimId : own)
  }
  return String(resource === 'orders' ? fixtures.orderId : fixtures.customerId)
}

export const urlFor = (route: Route, fixtures: Fixtures, as: Actor) =>
  concretePath(route.path, (resource) => idFor(fixtures, resource, as))

/**
 * A route that takes a password runs scrypt (~50 ms of CPU) for every well-formed body:
 * it gets a share of the cases rather than all of them, to keep the corpus quick.
 */
export const costly = (route: Route) =>
  Object.keys(route.body?.properties ?? {}).some((name) => name.includes('password'))

/** The actors a route's cases go out as: every case as the Agent, some as the others. */
export function actorsFor(route: Route, index: number): Actor[] {
  const actors: Actor[] = ['agent']
  if (index % 5 === 0 && !costly(route)) actors.push('tester')
  if (index % 7 === 3) actors.push('anonymous')
  // Team routes are the Admin's: only an Admin gets past the role check to the body.
  if (route.path.startsWith('/api/agents') && index % 3 === 0) actors.push('admin')
  return actors
}

/** The statuses the contract fixes for `as` on a well-addressed request to `route`. */
function expected(route: Route, as: Actor): number[] | undefined {
  if (as === 'anonymous' && route.signedIn) return [401]
  if (as === 'tester' && isRecordWrite(route)) return [403]
  return undefined
}

/** A request of each actor for `route`'s fixture address. */
export function asActors(
  route: Route,
  fixtures: Fixtures,
  index: number,
  make: (url: string) => Omit<HostileRequest, 'as' | 'url' | 'method'>,
): HostileRequest[] {
  return actorsFor(route, index).map((as) => ({
    method: route.method,
    url: urlFor(route, fixtures, as),
    as,
    expect: expected(route, as),
    ...make(urlFor(route, fixtures, as)),
  }))
}

export const JSON_TYPE = { 'content-type': 'application/json' }
