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

  it(`keeps at most ${KEPT_PER_CONNECTION} statements a connection; the others still run`, async () => {
    const answers = []
    for (let i = 0; i < KEPT_PER_CONNECTION + 10; i++) {
      answers.push((await pool.query({ text: `select ${i} + $1::int as n` }, [1])).rows[0])
    }
    expect(answers.at(-1)).toEqual({ n: KEPT_PER_CONNECTION + 10 })
    expect((await prepared()).length).toBe(KEPT_PER_CONNECTION)
  })
})
