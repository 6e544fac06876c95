import { parseArgs } from 'node:util'
import type { z } from 'zod'
import { usernameSchema } from '#shared/auth'
import { ROLES, type RoleName } from '#shared/constants'
import { email, passwordSchema } from '#shared/text'
import type { Database, Db } from '../db/client'
import { DEMO_COUNTS, DEMO_SIGN_INS, seedDemo } from '../seed'
import { hashPassword } from '../auth/passwords'
import { findAccountByUsername } from '../repositories/agents'
import { purgeDeleted } from '../repositories/purge'
import { addAgent, setAgentRole } from '../repositories/team'
import { SettingsError } from '../settings'

export const USAGE = `Usage: npm run crm -- <command> [options]

  create-user --username NAME --password PASS [--email E] [--role Admin|Agent|Tester]
  set-role    --username NAME --role Admin|Agent|Tester
  migrate     bring the database schema up to date
  seed-demo   [--customers N] [--orders N] [--yes]   (default ${DEMO_COUNTS.customers} and ${DEMO_COUNTS.orders};
              with NODE_ENV=production only with --yes: it adds the demo sign-ins)
  purge       --older-than 30d   deleted customers and orders, for good
  backup      --out FILE   a backup of everything, read in one snapshot (the server may run
              on PostgreSQL; the embedded database's server must be stopped first)
  restore     --in FILE [--force]   into an empty database of either kind, ids kept;
              --force replaces a database that holds data

Uses the server's settings: DATABASE_URL, or the embedded database in CRM_DATA_DIR
(default ./data; stop the server first). Exit codes: 0 done, 1 refused, 2 bad usage.`

/** Wrong command line: exit 2, as most tools do. */
export class UsageError extends Error {}

type Values = Record<string, string | boolean | undefined>
/** A checked command, run on the opened database; answers the line it prints. */
export type Task = (db: Db, where: string, database: Database) => Promise<string>
interface Command {
  options: Record<string, { type: 'string' } | { type: 'boolean' }>
  /** Checks the flags before the database is opened (so bad input fails fast). */
  run(values: Values): Task
}

const text = { type: 'string' } as const
const yes = { type: 'boolean' } as const
const MAX_ROWS = 10_000_000

const commands: Record<string, Command> = {
  'create-user': {
    options: { username: text, password: text, email: text, role: text },
    run(values) {
      const username = check('--username', usernameSchema, required(values, 'username'))
      const password = check('--password', passwordSchema, required(values, 'password'))
      if (password.toLowerCase() === username.toLowerCase()) {
        throw new UsageError('--password must not be the same as the username')
      }
      const address = check('--email', email({ allowEmpty: true }), optional(values, 'email') ?? '')
      const role = roleOf(optional(values, 'role') ?? 'Agent')
      return async (db) => {
        // In the history as any addition is, with no agent as its actor.
        const input = { username, passwordHash: await hashPassword(password), email: address, role }
        const agent = await addAgent(db, input, null)
        if (!agent) throw new SettingsError(`The username '${username}' is already taken`)
        return `Created user ${agent.username} (${agent.role}, id ${agent.id})`
      }
    },
  },
  'set-role': {
    options: { username: text, role: text },
    run(values) {
      const username = required(values, 'username')
      const role = roleOf(required(values, 'role'))
      return async (db) => {
        const before = await findAccountByUsername(db, username)
        if (!before) throw new SettingsError(`No user named '${username}'`)
        // The operator's change is in the history too, with no agent as its actor.
        const changed = await setAgentRole(db, before.id, role, null)
        if (changed === 'last admin') {
          throw new SettingsError(`${before.username} is the last active Admin and stays Admin`)
        }
        return before.role === role
          ? `${before.username} already has the role ${role}`
          : `${before.username} is now ${role} (was ${before.role})`
      }
    },
  },
  migrate: {
    options: {},
    // Opening the database already migrated it (client.ts); say where.
    run: () => (_db, where) => Promise.resolve(`Database schema is up to date in ${where}`),
  },
  'seed-demo': {
    options: { customers: text, orders: text, yes },
    run(values) {
      // Before the database opens: a refusal writes nothing.
      if (process.env.NODE_ENV === 'production' && values.yes !== true) {
        throw new SettingsError(
          `NODE_ENV is production: seed-demo adds demo data and the demo sign-ins ${DEMO_SIGN_INS.map((s) => s.username).join(' and ')}, which anyone could use; add --yes if you mean it`,
        )
      }
      const customers = count(values, 'customers', DEMO_COUNTS.customers)
      const orders = count(values, 'orders', DEMO_COUNTS.orders)
      return async (db) => {
        const result = await seedDemo(db, { customers, orders })
        const signIns = result.signIns.length
          ? `added demo sign-ins ${result.signIns.map((s) => `${s.username} / ${s.password} (${s.role})`).join(', ')}`
          : 'demo sign-ins already present'
        return `Added ${customers} customers and ${orders} orders; ${signIns}`
      }
    },
  },
  purge: {
    options: { 'older-than': text },
    run(values) {
      const days = olderThan(required(values, 'older-than'))
      return async (db) => {
        const before = new Date(Date.now() - days * 24 * 3600 * 1000)
        const purged = await purgeDeleted(db, before)
        return `Purged ${purged.customers} customers and ${purged.orders} orders deleted more than ${days} days ago`
      }
    },
  },
  backup: {
    options: { out: text },
    run(values) {
      const out = required(values, 'out')
      return async (_db, _where, database) => {
        const { writeBackupFile } = await import('../backup/file')
        return writeBackupFile(database, out)
      }
    },
  },
  restore: {
    options: { in: text, force: yes },
    run(values) {
      const file = required(values, 'in')
      const force = values.force === true
      return async (_db, where, database) => {
        const { restoreBackupFile } = await import('../backup/file')
        return restoreBackupFile(database, file, { force, where })
      }
    },
  },
}

function optional(values: Values, name: string): string | undefined {
  const value = values[name]
  return typeof value === 'string' ? value : undefined
}

function required(values: Values, name: string): string {
  const value = values[name]
  if (typeof value !== 'string' || value === '') throw new UsageError(`--${name} is required`)
  return value
}

function check<T>(flag: string, schema: z.ZodType<T>, value: unknown): T {
  const parsed = schema.safeParse(value)
  if (parsed.success) return parsed.data
  // The shared schemas' messages are whole sentences ('Use 8 to 128 characters.').
  throw new UsageError(`${flag}: ${parsed.error.issues[0]?.message ?? 'Check this value.'}`)
}

/** `30d`: a whole number of days; `0d` purges every deleted record. */
function olderThan(value: string): number {
  const match = /^(\d{1,5})d$/.exec(value)
  if (!match)
    throw new UsageError(`--older-than must be a whole number of days such as 30d, got '${value}'`)
  return Number(match[1])
}

function roleOf(value: string): RoleName {
  const role = ROLES.find((r) => r.toLowerCase() === value.toLowerCase())
  if (!role) throw new UsageError(`Unknown role '${value}': use one of ${ROLES.join(', ')}`)
  return role
}

function count(values: Values, name: string, fallback: number): number {
  const raw = optional(values, name)
  if (raw === undefined) return fallback
  const n = /^\d{1,9}$/.test(raw) ? Number(raw) : NaN
  if (!(n <= MAX_ROWS)) {
    throw new UsageError(`--${name} must be a whole number from 0 to ${MAX_ROWS}, got '${raw}'`)
  }
  return n
}

function parse(command: Command, args: string[]): Values {
  try {
    const { values } = parseArgs({
      args,
      options: command.options,
      strict: true,
      allowPositionals: false,
    })
    return values
  } catch (error) {
    // Node's own messages run to several sentences; keep to one line naming the flag.
    const { code, message } = error as { code?: string; message: string }
    const flag = /'([^']+)'/.exec(message)?.[1] ?? ''
    if (code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') throw new UsageError(`Unknown option ${flag}`)
    if (code === 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL')
      throw new UsageError(`Unexpected argument '${flag}'`)
    if (code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE') {
      const name = flag.split(' ')[0] ?? ''
      throw new UsageError(`${name} needs a value (for one starting with -, write ${name}=VALUE)`)
    }
    throw new UsageError(message.split('\n')[0] ?? 'Bad arguments')
  }
}

/**
 * Checks one command line (`create-user --username …`) without opening the database;
 * answers what to run on it. Throws UsageError for a wrong command line.
 */
export function prepareCommand(argv: string[]): Task {
  const [name, ...args] = argv
  const command = name === undefined ? undefined : commands[name]
  if (!command) {
    throw new UsageError(
      `Unknown command '${name}': use one of ${Object.keys(commands).join(', ')} (see --help)`,
    )
  }
  return command.run(parse(command, args))
}
