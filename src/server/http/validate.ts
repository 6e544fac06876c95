import type { z } from 'zod'
import { fieldErrors } from '../../shared/errors'
import { idParamsSchema } from '../../shared/list-query'
import { HttpError, notFound } from './errors'

/** Parses `value` with a shared schema; a failure becomes 400 `{ error, fields }`. */
export function parse<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value)
  if (result.success) return result.data
  const fields = fieldErrors(result.error)
  // A body that is not an object at all (null, an array, a string) has no field to name.
  const message =
    '_' in fields && Object.keys(fields).length === 1
      ? 'The request body must be a JSON object.'
      : 'Some fields are not valid.'
  throw new HttpError(400, message, fields)
}

// Ids are PostgreSQL `integer`s: a larger number can name no row (and would make the
// driver fail), so it is simply "not found".
export const MAX_ROW_ID = 2_147_483_647

export function isRowId(id: number): boolean {
  return Number.isSafeInteger(id) && id >= 1 && id <= MAX_ROW_ID
}

/** The `{id}` path parameter: 400 when not a positive whole number, 404 when beyond any row. */
export function parseIdParam(params: unknown, what: string): number {
  const { id } = parse(idParamsSchema, params)
  if (!isRowId(id)) throw notFound(what)
  return id
}
