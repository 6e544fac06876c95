import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { KEPT_PER_CONNECTION } from '../../src/server/db/kept-plans'
import { PgliteRemote } from '../../src/server/db/pglite-remote'

describe('PGlite on its own thread, with kept plans', () => {
  let client: PgliteRemote
  const heard: string[] = []
  beforeAll(async () => {
    client = await PgliteRemote.open({ dataDir: undefined, loadDataDir: undefined, settings: [] })
    await client.query('create table item (id int primary key, name text not null)')
    client.keepStatements()
    await client.listen('crm_test', (payload) => heard.push(`crm_test: ${payload}`))
  })
  afterAll(() => client.close())

  /** The statements PGlite keeps prepared. */
  const prepared = async () =>
    (
      await client.query<{ statement: string }>('select statement from pg_prepared_statements')
    ).rows.map((row) => row.statement)

  it('prepares a statement once and answers each call with its own values', async () => {
    const text = 'select $1::int + 1 as n, $2::text as t, $3::boolean as b'
    const answers = []
    for (const value of [1, 2, 3]) {
      answers.push((await client.query(text, [value, `v${value}`, value === 2])).rows[0])
    }
    expect(answers).toEqual([
      { n: 2, t: 'v1', b: false },
      { n: 3, t: 'v2', b: true },
      { n: 4, t: 'v3', b: false },
    ])
    expect((await prepared()).filter((statement) => statement === text)).toHaveLength(1)
  })

  it('answers rows in array mode, nulls, affected rows and no rows', async () => {
    const insert = 'insert into item (id, name) values ($1, $2)'
    expect((await client.query(insert, [1, 'one'])).affectedRows).toBe(1)
    await client.query(insert, [2, 'two'])
    const read = await client.query(
      'select id, name, null::text as none from item order by id',
      [],
      {
        rowMode: 'array',
      },
    )
    expect(read.rows).toEqual([
      [1, 'one', null],
      [2, 'two', null],
    ])
    expect((await client.query('select * from item where id = $1', [99])).rows).toEqual([])
  })

  it("passes the database's error on, and the statement still works after it", async () => {
    const insert = 'insert into item (id, name) values ($1, $2)'
    await expect(client.query(insert, [1, 'again'])).rejects.toMatchObject({ code: '23505' })
    // A value the statement cannot take on its first call: dropped, then prepared again.
    const text = 'select $1::int * 2 as n'
    await expect(client.query(text, ['not a number'])).rejects.toMatchObject({ code: '22P02' })
    expect((await client.query(text, [21])).rows).toEqual([{ n: 42 }])
    await client.query(insert, [3, 'three'])
    expect((await client.query('select count(*)::int as n from item')).rows).toEqual([{ n: 3 }])
  })

  it('hands the notifications its statements raise to its listener, once', async () => {
    await client.query("select pg_notify('crm_test', $1)", ['one'])
    await client.query("select pg_notify('crm_test', $1), pg_notify('crm_test', $2)", [
      'two',
      'three',
    ])
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(heard).toEqual(['crm_test: one', 'crm_test: two', 'crm_test: three'])
  })

  it('never keeps a statement that matches a pattern: it is planned for each value', async () => {
    const text = "select count(*)::int as n from pg_class where relname like $1 || '%'"
    await client.query(text, ['pg_'])
    await client.query(text, ['z'])
    expect(await prepared()).not.toContain(text)
  })

  it('serializes other values by their type; a call waits for a transaction', async () => {
    const when = new Date('2026-01-02T03:04:05Z')
    const read = await client.query<{ at: Date; ids: number[] }>(
      'select $1::timestamptz as at, $2::int[] as ids',
      [when, [1, 2, 3]],
    )
    expect(read.rows[0]?.at.toISOString()).toBe(when.toISOString())
    expect(read.rows[0]?.ids).toEqual([1, 2, 3])
    await expect(client.query('select $1::timestamptz +', [when])).rejects.toMatchObject({
      code: '42601',
    })
    const between = client.transaction(async (tx) => {
      await tx.query('insert into item (id, name) values ($1, $2)', [4, 'four'])
      return (await tx.query<{ n: number }>('select count(*)::int as n from item')).rows[0]?.n
    })
    // Waits for the transaction: it never runs inside it.
    const after = client.query<{ n: number }>('select count(*)::int + 0 as n from item')
    expect(await between).toBe(4)
    expect((await after).rows).toEqual([{ n: 4 }])
  })

  it("runs a transaction's statements on the kept ones, and a failure rolls it all back", async () => {
    const count = 'select count(*)::int as n from item where id > $1'
    const insert = 'insert into item (name, id) values ($2, $1)'
    await client.query(count, [0])
    const runs = async () =>
      (
        await client.query<{ n: number }>(
          'select (generic_plans + custom_plans)::int as n from pg_prepared_statements where statement = $1',
          [count],
        )
      ).rows[0]?.n
    const before = await runs()
    const inside = await client.transaction(async (tx) => {
      await tx.query(insert, [10, 'ten'])
      return (await tx.query<{ n: number }>(count, [0])).rows[0]?.n
    })
    expect(inside).toBe(5)
    // The call inside the transaction ran the kept statement.
    expect(await runs()).toBe((before ?? 0) + 1)
    await expect(
      client.transaction(async (tx) => {
        await tx.query(insert, [11, 'eleven'])
        await tx.query(insert, [10, 'ten again'])
      }),
    ).rejects.toMatchObject({ code: '23505' })
    expect((await client.query(count, [0])).rows).toEqual([{ n: 5 }])
    const statements = await prepared()
    // Named outside a transaction first: the insert, first seen inside one, is not.
    expect(statements).toContain(count)
    expect(statements).not.toContain(insert)
  })

  it('runs calls made at once in their order, and a transaction holds the others back', async () => {
    const insert = 'insert into item (id, name) values ($1, $2)'
    const slow = client.transaction(async (tx) => {
      await tx.query(insert, [20, 'twenty'])
      await tx.query('select pg_sleep(0.05)')
      await tx.query(insert, [21, 'twenty-one'])
    })
    const seen = client.query<{ n: number }>('select count(*)::int as n from item where id >= 20')
    await slow
    expect((await seen).rows).toEqual([{ n: 2 }])
    const many = await Promise.all(
      Array.from({ length: 20 }, (_, i) => client.query<{ n: number }>('select $1::int as n', [i])),
    )
    expect(many.map((answer) => answer.rows[0]?.n)).toEqual(Array.from({ length: 20 }, (_, i) => i))
  })

  it('answers every call with an error once the database is closed', async () => {
    const other = await PgliteRemote.open({
      dataDir: undefined,
      loadDataDir: undefined,
      settings: [],
    })
    await other.close()
    await expect(other.query('select 1')).rejects.toThrow('The embedded database has been closed.')
  })

  it(`keeps the ${KEPT_PER_CONNECTION} statements used most recently; the others still run`, async () => {
    const text = (i: number) => `select ${i} + $1::int as n`
    const hot = 'select $1::int * 2 as n'
    const answers = []
    for (let i = 0; i < KEPT_PER_CONNECTION + 10; i++) {
      answers.push((await client.query(text(i), [1])).rows[0])
      // Used all along: never the least recently used.
      await client.query(hot, [i])
    }
    expect(answers.at(-1)).toEqual({ n: KEPT_PER_CONNECTION + 10 })
    const kept = await prepared()
    expect(kept.length).toBe(KEPT_PER_CONNECTION)
    expect(kept).toContain(hot)
    expect(kept).toContain(text(KEPT_PER_CONNECTION + 9))
    expect(kept).not.toContain(text(0))
    // The first, given up to make room, runs again and is kept again.
    expect((await client.query(text(0), [1])).rows[0]).toEqual({ n: 1 })
    expect(await prepared()).toContain(text(0))
  })
})
