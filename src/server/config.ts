import type { RoleName } from '#shared/constants'
import type { Database } from './db/client'

/** Everything buildApp needs besides the database; main.ts reads it from the environment. */
export interface AppConfig {
  jwtSecret: Uint8Array
  /** Seconds. */
  accessTtl: number
  /** Seconds. */
  refreshTtl: number
  signup: 'open' | 'closed'
  signupRole: RoleName
  /** Folder of the built web app (index.html + assets), or null to serve the API only. */
  staticDir: string | null
  /** Pino level, or 'silent'. */
  logLevel: string
  /** CRM_TRUST_PROXY: proxies (addresses, CIDRs) or a hop count; undefined trusts none. */
  trustProxy?: string[] | number | undefined
  /** CRM_WEBHOOK_ALLOW_PRIVATE; `resolve` (tests) names the host's addresses instead of DNS. */
  webhooks?: { allowPrivate?: boolean; resolve?: (hostname: string) => Promise<string[]> }
  /** CRM_METRICS_TOKEN: GET /metrics answers with this bearer token; unset, it is not served. */
  metricsToken?: string | undefined
}

export interface AppDeps {
  database: Database
  config: AppConfig
}
