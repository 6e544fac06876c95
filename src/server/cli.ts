import { SettingsError, readDatabaseSettings } from './settings'
import { prepareCommand, USAGE, UsageError } from './cli/commands'

// The operator's command line (`npm run crm -- <command>`): the commands themselves are in
// cli/commands.ts.
async function main(argv: string[]): Promise<number> {
  const [name, ...args] = argv
  if (name === undefined || ['--help', '-h', 'help'].includes(name) || args.includes('--help')) {
    ;(name === undefined ? process.stderr : process.stdout).write(`${USAGE}\n`)
    return name === undefined ? 2 : 0
  }
  const task = prepareCommand(argv)
  // Loaded only now: the database drivers take a while to load, and bad usage needs none.
  const { openConfiguredDatabase } = await import('./db/open-configured')
  const opened = await openConfiguredDatabase(readDatabaseSettings(process.env))
  try {
    process.stdout.write(`${await task(opened.database.db, opened.where, opened.database)}\n`)
  } finally {
    await opened.close()
  }
  return 0
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    const known =
      error instanceof UsageError ||
      error instanceof SettingsError ||
      (error instanceof Error && error.name === 'BackupError')
    const message = error instanceof Error ? error.message : String(error)
    process.stderr.write(`${known ? message : `crm failed: ${message.split('\n')[0]}`}\n`)
    process.exit(error instanceof UsageError ? 2 : 1)
  },
)
