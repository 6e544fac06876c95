import { sql } from 'drizzle-orm'
import type { Db } from '../db/client'

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows

export interface TableColumns {
  /** Columns a restore writes, in table order. */
  stored: string[]
  /** Columns PostgreSQL computes itself (GENERATED ALWAYS AS ... STORED): never copied. */
  generated: string[]
}

/** The public schema's tables as the database has them, with their columns. */
export async function tableColumns(db: Db): Promise<Map<string, TableColumns>> {
  const rows = rowsOf<{ table_name: string; column_name: string; is_generated: string }>(
    await db.execute(sql`
      select table_name, column_name, is_generated
      from information_schema.columns
      where table_schema = 'public'
      order by table_name, ordinal_position`),
  )
  const tables = new Map<string, TableColumns>()
  for (const row of rows) {
    const table = tables.get(row.table_name) ?? { stored: [], generated: [] }
    ;(row.is_generated === 'ALWAYS' ? table.generated : table.stored).push(row.column_name)
    tables.set(row.table_name, table)
  }
  return tables
}

export interface SequenceState {
  name: string
  value: string
  called: boolean
}

/** Every sequence of the public schema (identity columns' and others) and where it stands. */
export async function sequenceStates(db: Db): Promise<SequenceState[]> {
  const names = rowsOf<{ name: string }>(
    await db.execute(sql`
      select c.relname as name from pg_class c
      join pg_namespace n on n.oid = c.relnamespace
      where c.relkind = 'S' and n.nspname = 'public'
      order by c.relname`),
  )
  const states: SequenceState[] = []
  for (const { name } of names) {
    const [state] = rowsOf<{ value: string; called: boolean }>(
      await db.execute(
        sql`select last_value::text as value, is_called as called from ${sql.identifier(name)}`,
      ),
    )
    if (state) states.push({ name, ...state })
  }
  return states
}

/** How many agents, customers and orders the database holds: any means "not empty". */
export async function heldData(
  db: Db,
): Promise<{ agents: number; customers: number; orders: number }> {
  const [row] = rowsOf<{ agents: number; customers: number; orders: number }>(
    await db.execute(sql`
      select (select count(*)::int from agents) as agents,
             (select count(*)::int from customers) as customers,
             (select count(*)::int from orders) as orders`),
  )
  return row ?? { agents: 0, customers: 0, orders: 0 }
}
