import { isIP } from 'node:net'
import { ROLES, type RoleName } from '#shared/constants'

/** What an operator sets through the environment (OPERATIONS.md "Settings"). */
export interface Settings extends DatabaseSettings {
  port: number
  host: string
  /** Raw CRM_JWT_SECRET; secret.ts checks its length and generates one when unset. */
  jwtSecret: string | undefined
  demo: boolean
  signup: 'open' | 'closed'
  signupRole: RoleName
  accessTtl: number
  refreshTtl: number
  logLevel: string
  /**
   * CRM_STATIC_DIR (test and ops aid, not in OPERATIONS.md): a folder holding an already
   * built web app to serve instead of ./dist, or `off` to serve the API only (scripts/dev.ts,
   * where Vite serves the web app). Unset: ./dist, built at start when missing.
   */
  staticDir: string | undefined
  /**
   * CRM_TRUST_PROXY: the proxies whose X-Forwarded-For names the client, as addresses
   * and CIDRs, or how many proxy hops to trust; undefined: the connection's address.
   */
  trustProxy: string[] | number | undefined
  /** CRM_WEBHOOK_ALLOW_PRIVATE: webhooks may reach loopback and private addresses. */
  webhookAllowPrivate: boolean
  /** CRM_WEBHOOK_RETRY_SCHEDULE: seconds before each retry of a failed delivery. */
  webhookRetrySchedule: number[]
  /** CRM_METRICS_TOKEN: the bearer token GET /metrics asks for; unset, no metrics. */
  metricsToken: string | undefined
}

/** The part the operator command line shares with the server. */
export interface DatabaseSettings {
  databaseUrl: string | undefined
  dataDir: string
  /** CRM_DB_POOL: PostgreSQL connections per process. */
  dbPool: number
}

export type Env = Record<string, string | undefined>

/** A setting or start-up problem an operator can fix; its message is one line. */
export class SettingsError extends Error {
  override name = 'SettingsError'
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']
const TRUE_WORDS = ['1', 'true', 'yes', 'on']
const FALSE_WORDS = ['0', 'false', 'no', 'off']
// A year: longer token lifetimes are almost certainly a typo (minutes vs seconds is not).
const TTL_MAX = 366 * 24 * 3600

/** Reads and checks every setting; throws SettingsError on the first bad one. */
export function readSettings(env: Env): Settings {
  const accessTtl = wholeNumber(env, 'CRM_ACCESS_TTL', 300, 1, TTL_MAX)
  const refreshTtl = wholeNumber(env, 'CRM_REFRESH_TTL', 86_400, 1, TTL_MAX)
  if (refreshTtl < accessTtl) {
    throw new SettingsError(
      `CRM_REFRESH_TTL (${refreshTtl}) must not be shorter than CRM_ACCESS_TTL (${accessTtl})`,
    )
  }
  // An open sign-up in production hands anyone who finds the address an Agent account.
  const production = value(env, 'NODE_ENV') === 'production'
  return {
    ...readDatabaseSettings(env),
    port: wholeNumber(env, 'PORT', 3000, 1, 65_535),
    host: value(env, 'HOST') ?? '127.0.0.1',
    jwtSecret: value(env, 'CRM_JWT_SECRET'),
    demo: flag(env, 'CRM_DEMO', !production),
    signup: oneOf(env, 'CRM_SIGNUP', ['open', 'closed'] as const, production ? 'closed' : 'open'),
    signupRole: oneOf(env, 'CRM_SIGNUP_ROLE', ROLES, 'Agent'),
    accessTtl,
    refreshTtl,
    logLevel: oneOf(env, 'LOG_LEVEL', LOG_LEVELS, 'info'),
    staticDir: value(env, 'CRM_STATIC_DIR'),
    trustProxy: trustedProxies(env),
    webhookAllowPrivate: flag(env, 'CRM_WEBHOOK_ALLOW_PRIVATE', false),
    webhookRetrySchedule: retrySchedule(env),
    metricsToken: value(env, 'CRM_METRICS_TOKEN'),
  }
}

/** API contract: retried after 10 s, 1 min, 10 min, 1 h and 6 h. */
export const DEFAULT_RETRY_SCHEDULE = [10, 60, 600, 3600, 21_600]
const RETRY_MAX_SECONDS = 7 * 24 * 3600

/** `10,60,600`: whole seconds before each retry (at most 20 retries, each up to a week). */
function retrySchedule(env: Env): number[] {
  const raw = value(env, 'CRM_WEBHOOK_RETRY_SCHEDULE')
  if (raw === undefined) return DEFAULT_RETRY_SCHEDULE
  const entries = raw.split(',').map((entry) => entry.trim())
  const seconds = entries.map((entry) => (/^\d{1,7}$/.test(entry) ? Number(entry) : NaN))
  if (entries.length > 20 || !seconds.every((s) => s >= 0 && s <= RETRY_MAX_SECONDS)) {
    throw new SettingsError(
      `CRM_WEBHOOK_RETRY_SCHEDULE must be up to 20 whole numbers of seconds (each at most ${RETRY_MAX_SECONDS}) separated by commas, got '${shorten(raw)}'`,
    )
  }
  return seconds
}

export function readDatabaseSettings(env: Env): DatabaseSettings {
  const databaseUrl = value(env, 'DATABASE_URL')
  if (databaseUrl !== undefined && !/^postgres(ql)?:\/\/./.test(databaseUrl)) {
    throw new SettingsError(
      `DATABASE_URL must start with postgres:// or postgresql://, got '${describeDatabaseUrl(databaseUrl)}'`,
    )
  }
  return {
    databaseUrl,
    dataDir: value(env, 'CRM_DATA_DIR') ?? './data',
    dbPool: wholeNumber(env, 'CRM_DB_POOL', 10, 1, 1000),
  }
}

/** `10.0.0.1, 10.1.0.0/16, ::1` or a hop count such as `1`. */
function trustedProxies(env: Env): string[] | number | undefined {
  const raw = value(env, 'CRM_TRUST_PROXY')
  if (raw === undefined) return undefined
  if (/^\d+$/.test(raw)) return wholeNumber(env, 'CRM_TRUST_PROXY', 0, 1, 100)
  const entries = raw.split(',').map((entry) => entry.trim())
  for (const entry of entries) {
    const [address = '', bits, extra] = entry.split('/')
    const version = isIP(address)
    const max = version === 6 ? 128 : 32
    const badBits = bits !== undefined && !(/^\d{1,3}$/.test(bits) && Number(bits) <= max)
    if (version === 0 || badBits || extra !== undefined) {
      throw new SettingsError(
        `CRM_TRUST_PROXY must be addresses or CIDRs separated by commas, or a hop count, got '${shorten(entry)}'`,
      )
    }
  }
  return entries
}

/** A database URL fit for messages and logs: scheme, host, port and name, never the password. */
export function describeDatabaseUrl(url: string): string {
  try {
    const parsed = new URL(url)
    if (!parsed.host) return '<unparsable url>'
    return `${parsed.protocol}//${parsed.host}${parsed.pathname}`
  } catch {
    return '<unparsable url>'
  }
}

// An empty variable (`PORT=` in a compose file) means "use the default", like unset.
function value(env: Env, name: string): string | undefined {
  const raw = env[name]?.trim()
  return raw ? raw : undefined
}

function wholeNumber(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = value(env, name)
  if (raw === undefined) return fallback
  const n = /^\d{1,10}$/.test(raw) ? Number(raw) : NaN
  if (!(n >= min && n <= max)) {
    throw new SettingsError(
      `${name} must be a whole number from ${min} to ${max}, got '${shorten(raw)}'`,
    )
  }
  return n
}

function flag(env: Env, name: string, fallback: boolean): boolean {
  const raw = value(env, name)?.toLowerCase()
  if (raw === undefined) return fallback
  if (TRUE_WORDS.includes(raw)) return true
  if (FALSE_WORDS.includes(raw)) return false
  throw new SettingsError(`${name} must be 1 or 0, got '${shorten(raw)}'`)
}

function oneOf<const T extends string>(
  env: Env,
  name: string,
  allowed: readonly T[],
  fallback: T,
): T {
  const raw = value(env, name)
  if (raw === undefined) return fallback
  // Case-insensitive so `CRM_SIGNUP_ROLE=agent` works; the stored spelling is the listed one.
  const match = allowed.find((a) => a.toLowerCase() === raw.toLowerCase())
  if (match === undefined) {
    throw new SettingsError(`${name} must be one of ${allowed.join(', ')}, got '${shorten(raw)}'`)
  }
  return match
}

// Keeps an error one readable line even if a whole file was pasted into a variable.
function shorten(raw: string): string {
  const line = raw.replace(/\s+/g, ' ')
  return line.length > 60 ? `${line.slice(0, 57)}...` : line
}
