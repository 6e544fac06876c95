import type { FastifyRequest } from 'fastify'
import { isRowId } from '#shared/constants'
import { notFound } from './errors'

/**
 * preHandler of `/:id` routes, after the params schema has refused a malformed id: an id
 * no row can have (beyond PostgreSQL's integer) is "not found", and never reaches SQL.
 */
export function rowIdOr404(what: string) {
  return function rowIdGuard(request: FastifyRequest): Promise<void> {
    const { id } = request.params as { id: number }
    return isRowId(id) ? Promise.resolve() : Promise.reject(notFound(what))
  }
}
