import {
  chmodSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import { afterAll, describe, expect, it } from 'vitest'
import { openConfiguredDatabase } from '../../src/server/db/open-configured'
import { onPostgres } from './helpers/test-db'

const temp = mkdtempSync(path.join(tmpdir(), 'crm-private-'))
afterAll(() => rmSync(temp, { recursive: true, force: true }))

/** Every file and folder under `dir` with any permission for the group or others. */
function notPrivate(dir: string): string[] {
  const open: string[] = []
  const walk = (folder: string) => {
    if (statSync(folder).mode & 0o077) open.push(folder)
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const full = path.join(folder, entry.name)
      if (entry.isDirectory()) walk(full)
      else if (statSync(full).mode & 0o077) open.push(full)
    }
  }
  walk(dir)
  return open
}

describe.skipIf(onPostgres)('the embedded database folder', () => {
  it('is private (0700, files 0600) whatever the umask, old files included', async () => {
    const dir = path.join(temp, 'data')
    mkdirSync(path.join(dir, 'old'), { recursive: true, mode: 0o777 })
    writeFileSync(path.join(dir, 'old', 'leftover'), 'x', { mode: 0o666 })
    chmodSync(dir, 0o755)
    const umask = process.umask(0o000)
    try {
      const opened = await openConfiguredDatabase({ databaseUrl: undefined, dataDir: dir })
      await opened.database.db.execute(sql`insert into customers (name) values ('Private')`)
      await opened.close()
    } finally {
      process.umask(umask)
    }
    expect(readdirSync(dir).length).toBeGreaterThan(2)
    expect(notPrivate(dir)).toEqual([])
  })
})
