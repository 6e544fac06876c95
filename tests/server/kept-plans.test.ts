import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { KEPT_PER_CONNECTION, keepPlans } from '../../src/server/db/kept-plans'
import { onPostgres } from './helpers/test-db'

describe.runIf(onPostgres)('kept plans (PostgreSQL)', () => {
  let pool: pg.Pool
  beforeAll(() => {
    // One connection, so every query below runs on the one whose statements are read.
    pool = new pg.Pool({ connectionString: process.env.TEST_DATABASE_URL, max: 1 })
    keepPlans(pool)
  })
  afterAll(() => pool.end())

  /** The statements this connection keeps prepared (read by a plain, unnamed query). */
  const prepared = async () =>
    (
      await pool.query<{ statement: string }>('select statement from pg_prepared_statements')
    ).rows.map((row) => row.statement)

  it('prepares a statement once per connection and answers each call with its own values', async () => {
    const text = 'select $1::int + 1 as n'
    const answers = []
    for (const value of [1, 2, 3]) answers.push((await pool.query({ text }, [value])).rows[0])
    expect(answers).toEqual([{ n: 2 }, { n: 3 }, { n: 4 }])
    expect((await prepared()).filter((statement) => statement === text)).toHaveLength(1)
  })

  it('never keeps a statement that matches a pattern: it is planned for each value', async () => {
    const text = "select count(*)::int as n from pg_class where relname like $1 || '%'"
    await pool.query({ text }, ['pg_'])
    await pool.query({ text }, ['z'])
    expect(await prepared()).not.toContain(text)
  })

  it(`keeps the ${KEPT_PER_CONNECTION} statements used most recently; the others still run`, async () => {
    const text = (i: number) => `select ${i} + $1::int as n`
    const hot = 'select $1::int * 2 as n'
    const answers = []
    for (let i = 0; i < KEPT_PER_CONNECTION + 10; i++) {
      answers.push((await pool.query({ text: text(i) }, [1])).rows[0])
      // Used all along: never the least recently used.
      await pool.query({ text: hot }, [i])
    }
    expect(answers.at(-1)).toEqual({ n: KEPT_PER_CONNECTION + 10 })
    const kept = await prepared()
    expect(kept.length).toBe(KEPT_PER_CONNECTION)
    expect(kept).toContain(hot)
    expect(kept).toContain(text(KEPT_PER_CONNECTION + 9))
    expect(kept).not.toContain(text(0))
    // The first, given up to make room, runs again and is kept again.
    expect((await pool.query({ text: text(0) }, [1])).rows[0]).toEqual({ n: 1 })
    expect(await prepared()).toContain(text(0))
  })
})
