import { healthSchema } from '../../shared/stats'
import type { RouteContext } from '../http/context'
import { answers, describe, type ZodApp } from '../http/zod-routes'

export function healthRoutes(app: ZodApp, { database }: RouteContext): void {
  // No token: load balancers and the operator probe this.
  app.get(
    '/api/health',
    {
      schema: {
        ...describe('Health', 'Whether the server and its database answer', { signedIn: false }),
        response: answers({ 200: healthSchema }),
      },
    },
    () => ({ status: 'ok' as const, database: database.kind }),
  )
}
