import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import path from 'node:path'
import type { FastifyInstance } from 'fastify'
import { buildApp } from './app'
import { ensureWritableDir, makePrivate, reason } from './data-dir'
import { APP_PAGE } from './http/static'
import { openConfiguredDatabase, type ConfiguredDatabase } from './db/open-configured'
import { startEmbeddedUpkeep } from './jobs/embedded-upkeep'
import { startReminderJob } from './jobs/reminders'
import { startWebhookJob } from './jobs/webhooks'
import { projectRoot } from './project-root'
import { seedDemoIfNeeded, type SeedResult } from './seed'
import { loadJwtSecret } from './secret'
import { readSettings, SettingsError, type Settings } from './settings'

// The start tells an operator whether strangers can make accounts (OPERATIONS.md).
const SIGNUP_LINES = {
  open: 'Sign-up is open (CRM_SIGNUP=closed to close it)',
  closed: 'Sign-up is closed: Admins add people on the Team screen (or npm run crm -- create-user)',
} as const

// Long enough for slow in-flight requests, short enough for an orchestrator's patience.
const SHUTDOWN_GRACE_MS = 10_000

async function start(): Promise<void> {
  const settings = readSettings(process.env)
  const dataDir = path.resolve(settings.dataDir)
  // The embedded database and a generated signing key both live in the data folder.
  if (!settings.databaseUrl || !settings.jwtSecret) {
    ensureWritableDir(dataDir)
    makePrivate(dataDir)
  }
  const secret = loadJwtSecret({
    envSecret: settings.jwtSecret,
    dataDir,
    sharedDatabase: settings.databaseUrl !== undefined,
  })

  const opened = await openConfiguredDatabase(settings)
  // Only once the database answered, so a failed start stays one line.
  if (secret.warning) process.stderr.write(`Warning: ${secret.warning}\n`)
  let app: FastifyInstance | undefined
  let seeded: SeedResult | undefined
  try {
    const { db } = opened.database
    if (settings.demo) seeded = await seedDemoIfNeeded(db)
    app = await buildApp(
      {
        database: opened.database,
        config: {
          jwtSecret: secret.key,
          accessTtl: settings.accessTtl,
          refreshTtl: settings.refreshTtl,
          signup: settings.signup,
          signupRole: settings.signupRole,
          staticDir: webAppFolder(settings.staticDir),
          logLevel: settings.logLevel,
          trustProxy: settings.trustProxy,
          webhooks: { allowPrivate: settings.webhookAllowPrivate },
          metricsToken: settings.metricsToken,
        },
      },
      // Readable lines for a person at a terminal; JSON lines for a log collector.
      { prettyLogs: process.stdout.isTTY && process.env.NODE_ENV !== 'production' },
    )
    // Reminders due while every server was down are raised now, then every second.
    const server = app
    const reminders = startReminderJob(opened.database, {
      onError: (error) => server.log.warn({ err: reason(error) }, 'raising reminders failed'),
    })
    app.addHook('onClose', () => reminders.stop())
    // Deliveries committed while every server was down go out now, then every half second.
    const webhooks = startWebhookJob(opened.database, {
      retrySchedule: settings.webhookRetrySchedule,
      allowPrivate: settings.webhookAllowPrivate,
      onError: (error) => server.log.warn({ err: reason(error) }, 'delivering webhooks failed'),
    })
    app.addHook('onClose', () => webhooks.stop())
    // PostgreSQL vacuums and analyses its tables itself; the embedded database needs this.
    if (opened.database.kind === 'pglite') {
      const upkeep = startEmbeddedUpkeep(opened.database, {
        onError: (error) => server.log.warn({ err: reason(error) }, 'vacuum or analyse failed'),
      })
      app.addHook('onClose', () => upkeep.stop())
    }
    await listen(app, settings)
  } catch (error) {
    await app?.close()
    await opened.close()
    throw error
  }

  const host = settings.host.includes(':') ? `[${settings.host}]` : settings.host
  process.stdout.write(`Rapport CRM is running at http://${host}:${settings.port}\n`)
  if (seeded?.signIns.length) {
    const list = seeded.signIns.map((s) => `${s.username} / ${s.password} (${s.role})`)
    process.stdout.write(`Demo sign-ins: ${list.join(', ')}\n`)
  }
  process.stdout.write(`${SIGNUP_LINES[settings.signup]}\n`)
  closeOnSignals(app, opened)
}

/**
 * The built web app to serve: CRM_STATIC_DIR when set (`off` serves the API only, as
 * scripts/dev.ts does; a folder is a test and ops aid that skips the build), else ./dist,
 * built now when missing so a fresh clone needs only `npm start`.
 */
const PAGES = ['index.html', APP_PAGE]

function webAppFolder(setting: string | undefined): string | null {
  if (setting === 'off') return null
  const folder = setting ? path.resolve(setting) : path.join(projectRoot, 'dist')
  // A build from before app.html existed is built again.
  const built = () => PAGES.every((page) => existsSync(path.join(folder, page)))
  if (built()) return folder
  if (setting)
    throw new SettingsError(`CRM_STATIC_DIR folder ${folder} has no ${PAGES.join(' and ')}`)
  process.stdout.write('Building the web app (first start only, about a minute at most)...\n')
  const vite = path.join(projectRoot, 'node_modules', '.bin', 'vite')
  const build = spawnSync(vite, ['build'], { cwd: projectRoot, encoding: 'utf8' })
  if (build.status !== 0 || !built()) {
    const output = `${build.stderr ?? ''}\n${build.stdout ?? ''}`.trim().split('\n')
    const last = build.error
      ? reason(build.error)
      : (output.find((l) => /error/i.test(l)) ?? output[0])
    throw new SettingsError(
      `Building the web app failed (run npm run build to see why): ${last ?? ''}`,
    )
  }
  return folder
}

async function listen(app: FastifyInstance, settings: Settings): Promise<void> {
  try {
    await app.listen({ port: settings.port, host: settings.host })
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    const where = `${settings.host}:${settings.port}`
    if (code === 'EADDRINUSE') {
      throw new SettingsError(
        `Port ${settings.port} on ${settings.host} is already in use; set PORT to a free one`,
      )
    }
    if (code === 'EACCES') {
      throw new SettingsError(
        `No permission to listen on ${where}; ports below 1024 need privileges`,
      )
    }
    if (code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND' || code === 'EAI_AGAIN') {
      throw new SettingsError(`HOST '${settings.host}' is not an address of this machine`)
    }
    throw new SettingsError(`Cannot listen on ${where}: ${reason(error)}`)
  }
}

// Installed before anything opens: a signal during start-up (PGlite's cold start takes
// seconds) waits for the start to finish, then closes cleanly instead of killing mid-write.
let pendingSignal: NodeJS.Signals | undefined
let shutdown: ((signal: NodeJS.Signals) => void) | undefined
const onSignal = (signal: NodeJS.Signals) =>
  shutdown ? shutdown(signal) : (pendingSignal ??= signal)
process.on('SIGINT', onSignal)
process.on('SIGTERM', onSignal)

/** Stop accepting, let in-flight requests finish, close the database cleanly, exit 0. */
function closeOnSignals(app: FastifyInstance, opened: ConfiguredDatabase): void {
  let closing = false
  shutdown = (signal) => {
    if (closing) return
    closing = true
    process.stdout.write(`Received ${signal}, shutting down...\n`)
    setTimeout(() => {
      process.stderr.write('Shutdown took too long; exiting anyway\n')
      process.exit(1)
    }, SHUTDOWN_GRACE_MS).unref()
    app
      .close()
      .then(() => opened.close())
      .then(
        () => process.exit(0),
        (error: unknown) => {
          process.stderr.write(`Shutdown failed: ${reason(error)}\n`)
          process.exit(1)
        },
      )
  }
  if (pendingSignal) shutdown(pendingSignal)
}

// An operator sees one line and exit code 1, never a stack trace.
start().catch((error: unknown) => {
  const message =
    error instanceof SettingsError ? error.message : `Rapport CRM could not start: ${reason(error)}`
  process.stderr.write(`${message}\n`)
  process.exit(1)
})
