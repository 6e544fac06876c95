import type { FastifyRequest } from 'fastify'
import { forbidden } from '../http/errors'
import { actorOf } from './authenticate'

/** onRequest after authenticate: anyone but an Admin gets 403 before any 400. */
export function requireAdmin(request: FastifyRequest): Promise<void> {
  if (actorOf(request).role === 'Admin') return Promise.resolve()
  return Promise.reject(forbidden('Only an Admin may manage API keys and webhooks.'))
}
