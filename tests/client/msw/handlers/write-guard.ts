import { HttpResponse } from 'msw'
import { fieldErrors } from '../../../../src/shared/errors'
import { idParamsSchema } from '../../../../src/shared/list-query'
import type { z } from 'zod'
import { agentStore } from './agents'

/** API.md: a Tester may read everything and write nothing; the server answers 403. */
export function refuseTester(): Response | undefined {
  if (agentStore.agent.role !== 'Tester') return undefined
  return HttpResponse.json(
    { error: 'You do not have permission to perform this action.' },
    { status: 403 },
  )
}

/** The `{id}` path parameter, or the server's 400 answer. */
export function parseId(params: Record<string, unknown>): number | Response {
  const result = idParamsSchema.safeParse(params)
  if (result.success) return result.data.id
  return HttpResponse.json(
    { error: 'The id is not valid.', fields: fieldErrors(result.error) },
    { status: 400 },
  )
}

/** List query parameters parsed with the shared schema, or the server's 400 answer. */
export function parseQuery<S extends z.ZodType>(
  request: Request,
  schema: S,
): z.output<S> | Response {
  const result = schema.safeParse(Object.fromEntries(new URL(request.url).searchParams))
  if (result.success) return result.data
  return HttpResponse.json(
    { error: 'The query parameters are not valid.', fields: fieldErrors(result.error) },
    { status: 400 },
  )
}

export const notFound = (what: string) =>
  HttpResponse.json({ error: `${what} not found.` }, { status: 404 })
