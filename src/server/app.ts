import fastifyCompress from '@fastify/compress'
import fastifySse from '@fastify/sse'
import helmet from 'helmet'
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify'
import { authenticate } from './auth/authenticate'
import { ChangeFeed } from './events/change-feed'
import type { AppDeps } from './config'
import type { RouteContext } from './http/context'
import { answerClientError, answerFrameworkError, installErrorHandler } from './http/errors'
import { installCsvParser } from './http/csv-body'
import { installJsonParser } from './http/json-body'
import { installNotFound } from './http/not-found'
import { createLimiters, DEFAULT_RATE_LIMITS, type RateLimits } from './http/rate-limit'
import { registerOpenApi } from './http/openapi'
import { registerWebApp } from './http/static'
import { withZodSchemas } from './http/zod-routes'
import { agentRoutes } from './routes/agents'
import { apiKeyRoutes } from './routes/api-keys'
import { authRoutes } from './routes/auth'
import { backupRoutes } from './routes/backup'
import { bulkRoutes } from './routes/bulk'
import { csvRoutes } from './routes/csv'
import { customerRoutes } from './routes/customers'
import { eventRoutes } from './routes/events'
import { followUpRoutes } from './routes/follow-ups'
import { healthRoutes } from './routes/health'
import { metricsRoutes } from './routes/metrics'
import { historyRoutes } from './routes/history'
import { orderRoutes } from './routes/orders'
import { reportRoutes } from './routes/reports'
import { secondStepRoutes } from './routes/second-step'
import { sessionRoutes } from './routes/sessions'
import { statsRoutes } from './routes/stats'
import { teamRoutes } from './routes/team'
import { twoStepRoutes } from './routes/two-step'
import { viewRoutes } from './routes/views'
import { webhookRoutes } from './routes/webhooks'

/** Knobs for tests: shorter limits and a clock that can be moved forward. */
export interface BuildOptions {
  rateLimits?: Partial<RateLimits>
  now?: () => number
  /** Where log lines go instead of stdout (tests read them back). */
  logStream?: { write(line: string): void }
  /** Readable one-line logs (pino-pretty) instead of JSON lines: main.ts on a terminal. */
  prettyLogs?: boolean
}

const BODY_LIMIT = 1024 * 1024

/**
 * Tokens live in local storage, so no script may run but the app's own files: no inline
 * script, no eval. Mantine sets inline styles (style attributes and <style> elements),
 * which styles allow. No `upgrade-insecure-requests`: the server may be served over http.
 */
const CSP = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'"],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
}

// Anything that could carry a secret is censored should it ever reach a log line.
const REDACT = [
  'req.headers.authorization',
  'req.headers.cookie',
  '*.password',
  '*.current_password',
  '*.new_password',
  '*.confirm_new_password',
  '*.access',
  '*.refresh',
  '*.token',
]

function loggerOptions(
  level: string,
  { logStream, prettyLogs }: BuildOptions,
): FastifyServerOptions['logger'] {
  if (level === 'silent') return false
  const pretty = {
    target: 'pino-pretty',
    options: { translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname' },
  }
  return {
    level,
    ...(logStream ? { stream: logStream } : prettyLogs ? { transport: pretty } : {}),
    redact: { paths: REDACT, censor: '[redacted]' },
    // Method, url and status only: never headers or bodies.
    serializers: {
      req: (req: { method: string; url: string }) => ({ method: req.method, url: req.url }),
      res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
    },
  }
}

/** A hop count trusts that many proxies in front of the server; a list trusts those. */
function trustProxyOption(trust: AppDeps['config']['trustProxy']): FastifyServerOptions {
  if (trust === undefined) return {}
  if (Array.isArray(trust)) return { trustProxy: trust }
  return { trustProxy: (_address: string, hop: number) => hop < trust }
}

/** The HTTP app, without listen: main.ts listens, tests use inject(). */
export async function buildApp(
  deps: AppDeps,
  options: BuildOptions = {},
): Promise<FastifyInstance> {
  const { config, database } = deps
  const app = Fastify({
    logger: loggerOptions(config.logLevel, options),
    bodyLimit: BODY_LIMIT,
    // Deep links of the web app are matched by the static wildcard: allow long ones.
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 500 },
    frameworkErrors: answerFrameworkError,
    clientErrorHandler: answerClientError,
    // Node would answer a request without Host itself, with an empty 400 and no
    // `{ error }` body; the app answers it like any other.
    http: { requireHostHeader: false },
    // Behind a load balancer, X-Forwarded-For names the client, from these proxies only.
    ...trustProxyOption(config.trustProxy),
  })

  const zodApp = withZodSchemas(app)
  installErrorHandler(app)
  installJsonParser(app)
  installCsvParser(app)
  // helmet's headers, its middleware made once: @fastify/helmet made it afresh for every
  // request, re-reading the policy each time (8 % of a light call's time in the server).
  const securityHeaders = helmet({ contentSecurityPolicy: { useDefaults: false, directives: CSP } })
  app.addHook('onRequest', (request, reply, done) => {
    securityHeaders(request.raw, reply.raw, () => done())
  })
  await app.register(fastifyCompress, {
    global: true,
    threshold: 1024,
    // Answers up to 128 KiB (any page a screen asks for) are compressed in one call and
    // written at once, not piped through a zlib stream in chunks; gzip at its fastest
    // level: the default (6) took twice the CPU for answers a fifth smaller than level
    // 1's. With 16 clients on a tasks page: 3.0 -> 2.0 ms of server CPU a request, with
    // the prepared account read (docs/performance.md).
    syncThreshold: 128 * 1024,
    zlibOptions: { level: 1 },
  })
  await app.register(fastifySse)
  const feed = new ChangeFeed()
  await feed.start(database)
  app.addHook('onClose', () => feed.close())

  const limits = { ...DEFAULT_RATE_LIMITS, ...options.rateLimits }
  const ctx: RouteContext = {
    database,
    config,
    authenticate: authenticate(database.db, config.jwtSecret),
    limiters: createLimiters(database, limits, options.now),
  }
  // Before the routes: both learn each route as it is added (the OpenAPI document, and
  // which methods each /api path takes).
  installNotFound(app, config.staticDir !== null)
  await registerOpenApi(app)
  healthRoutes(zodApp, ctx)
  authRoutes(zodApp, ctx)
  secondStepRoutes(zodApp, ctx)
  agentRoutes(zodApp, ctx)
  // Before the /:id routes in the docs; the router prefers static paths either way.
  csvRoutes(zodApp, ctx)
  customerRoutes(zodApp, ctx)
  orderRoutes(zodApp, ctx)
  statsRoutes(zodApp, ctx)
  bulkRoutes(zodApp, ctx)
  viewRoutes(zodApp, ctx)
  reportRoutes(zodApp, ctx)
  historyRoutes(zodApp, ctx)
  followUpRoutes(zodApp, ctx)
  teamRoutes(zodApp, ctx)
  sessionRoutes(zodApp, ctx)
  apiKeyRoutes(zodApp, ctx)
  webhookRoutes(zodApp, ctx)
  twoStepRoutes(zodApp, ctx)
  backupRoutes(zodApp, ctx)
  eventRoutes(zodApp, ctx, feed)
  metricsRoutes(app, ctx, feed)

  if (config.staticDir) await registerWebApp(app, config.staticDir)
  return app
}
