import type { onRequestAsyncHookHandler } from 'fastify'
import type { AppConfig } from '../config'
import type { Database } from '../db/client'
import type { Limiters } from './rate-limit'

/** What every route plugin is registered with. */
export interface RouteContext {
  database: Database
  config: AppConfig
  /** onRequest hook: verifies the access token and attaches `request.actor`. */
  authenticate: onRequestAsyncHookHandler
  limiters: Limiters
}
