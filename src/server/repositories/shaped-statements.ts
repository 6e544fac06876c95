import { sql, type SQL } from 'drizzle-orm'
import { builtOnce, prepared } from '../db/built-statements'
import type { Db } from '../db/client'

/**
 * How a list's statement takes one of its request's values: as this call's parameter
 * (`asValue`), or as a named placeholder (`placeholders()`), so that a statement built
 * once runs again with another request's values (runShaped).
 */
export type Bind = (name: string, value: unknown) => unknown

export const asValue: Bind = (_name, value) => value

/** A Bind that names each value a placeholder and keeps the values to run it with. */
export function placeholders(): { bind: Bind; values: Record<string, unknown> } {
  const values: Record<string, unknown> = {}
  const bind: Bind = (name, value) => {
    values[name] = value
    return sql.placeholder(name)
  }
  return { bind, values }
}

/** `values` bound one by one (`name_0`, `name_1`, ...), for `in (...)`. */
export const bindList = (bind: Bind, name: string, values: readonly unknown[]): SQL =>
  sql.join(
    values.map((value, i) => sql`${bind(`${name}_${i}`, value)}`),
    sql`, `,
  )

/**
 * What a request's statement is built from besides the values it binds: each field that
 * `reduce` names cut down to what decides the statement's text (that a value is there, how
 * many, its kind), any other field kept whole. `name` names the statement.
 */
export function shapeOf<Q extends object>(
  name: string,
  query: Q,
  reduce: { [K in keyof Q]?: (value: NonNullable<Q[K]>) => unknown },
): string {
  const shape = (Object.entries(query) as [string, unknown][]).map(([field, value]) => {
    const cut = reduce[field as keyof Q] as ((value: unknown) => unknown) | undefined
    return [field, value === undefined ? undefined : cut ? cut(value) : value]
  })
  return JSON.stringify([name, shape])
}

interface Executable<R> {
  execute(values: Record<string, unknown>): Promise<R>
}

interface Preparable<R> {
  prepare(name: string): Executable<R>
}

/**
 * Runs the statement `build` makes, built once for `shape` with placeholders (builtOnce)
 * and run with this call's values, which `bindValues` binds as `build` does (the same
 * functions called with the same request) without building the statement: Drizzle
 * building a list's text took as much of the server's work as reading its rows.
 */
export function runShaped<R>(
  db: Db,
  shape: string,
  build: (bind: Bind) => Preparable<R>,
  bindValues: (bind: Bind) => void,
): Promise<R> {
  const statement = builtOnce(db, shape, () => prepared(build(placeholders().bind)))
  const { bind, values } = placeholders()
  bindValues(bind)
  return statement.execute(values)
}
