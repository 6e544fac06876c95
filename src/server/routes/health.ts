import type { FastifyInstance } from 'fastify'
import type { Health } from '../../shared/stats'
import type { RouteContext } from '../http/context'

export function healthRoutes(app: FastifyInstance, { database }: RouteContext): void {
  // No token: load balancers and the operator probe this.
  app.get('/api/health', (): Health => ({ status: 'ok', database: database.kind }))
}
