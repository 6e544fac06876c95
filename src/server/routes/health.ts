import { healthSchema } from '#shared/stats'
import type { RouteContext } from '../http/context'
import { answers, describe, type ZodApp } from '../http/zod-routes'
import { checkDatabase } from '../repositories/health'

export function healthRoutes(app: ZodApp, { database }: RouteContext): void {
  // No token: load balancers and the operator probe this. A database that does not
  // answer makes it 503 (through the error handler), so a balancer stops sending here.
  app.get(
    '/api/health',
    {
      schema: {
        ...describe('Health', 'Whether the server and its database answer', { signedIn: false }),
        response: answers({ 200: healthSchema }),
      },
    },
    async () => {
      await checkDatabase(database.db)
      return { status: 'ok' as const, database: database.kind }
    },
  )
}
