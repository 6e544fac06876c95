import { lookup } from 'node:dns/promises'
import ipaddr from 'ipaddr.js'

/** Names a host's addresses: DNS by default; tests give their own. */
export type Resolver = (hostname: string) => Promise<string[]>

export const systemResolver: Resolver = async (hostname) =>
  (await lookup(hostname, { all: true, verbatim: true })).map((entry) => entry.address)

export const REFUSED_ADDRESS =
  'Use a public address: loopback, private, link-local and other internal addresses are refused.'

/**
 * Only public unicast addresses are reached (API contract): loopback, private, shared
 * (100.64/10), link-local, unique-local, multicast, unspecified, reserved and every other
 * special range are refused, in any spelling; an IPv4-mapped IPv6 address is judged as
 * the IPv4 address it carries.
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false
  return ipaddr.process(address).range() === 'unicast'
}

/** The URL's host as an address (brackets off an IPv6 literal), or undefined for a name. */
function literalAddress(hostname: string): string | undefined {
  const bare = hostname.replace(/^\[(.*)\]$/, '$1')
  return ipaddr.isValid(bare) ? bare : undefined
}

const isLocalName = (hostname: string) => /(^|\.)localhost\.?$/i.test(hostname)

export interface Destination {
  /** The checked address to connect to (the name itself is never looked up again). */
  address: string
  family: 4 | 6
}

/**
 * Where a delivery may connect: the host's addresses after resolving, every one of them
 * public (a name with one internal address among public ones is refused), unless
 * `allowPrivate`. Throws an Error whose message says why not.
 */
export async function checkDestination(
  url: string,
  { allowPrivate, resolve }: { allowPrivate: boolean; resolve: Resolver },
): Promise<Destination> {
  const { hostname } = new URL(url)
  if (!allowPrivate && isLocalName(hostname)) throw new Error(REFUSED_ADDRESS)
  const literal = literalAddress(hostname)
  let addresses: string[]
  try {
    addresses = literal === undefined ? await resolve(hostname) : [literal]
  } catch {
    throw new Error(`The host name ${hostname} could not be resolved.`)
  }
  const [first] = addresses
  if (first === undefined) throw new Error(`The host name ${hostname} has no address.`)
  if (!allowPrivate && !addresses.every(isPublicAddress)) {
    throw new Error(REFUSED_ADDRESS)
  }
  return { address: first, family: ipaddr.parse(first).kind() === 'ipv6' ? 6 : 4 }
}

/**
 * The check when a webhook is saved: a literal address or a name that resolves to an
 * internal address is refused; a name that does not resolve (yet) is accepted, since
 * every delivery checks again after resolving. Answers the refusal's message, if any.
 */
export async function refusalOnSave(
  url: string,
  options: { allowPrivate: boolean; resolve: Resolver },
): Promise<string | undefined> {
  try {
    await checkDestination(url, options)
    return undefined
  } catch (error) {
    const message = (error as Error).message
    return message === REFUSED_ADDRESS ? message : undefined
  }
}
