import type { FastifyInstance } from 'fastify'
import type { Health } from '../../shared/stats'
import type { RouteContext } from '../http/context'

export async function healthRoutes(app: FastifyInstance, { database }: RouteContext) {
  // No token: load balancers and the operator probe this.
  app.get('/api/health', async (): Promise<Health> => ({ status: 'ok', database: database.kind }))
}
