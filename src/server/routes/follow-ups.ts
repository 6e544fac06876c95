import type { RouteContext } from '../http/context'
import type { ZodApp } from '../http/zod-routes'
import { noteRoutes } from './notes'
import { reminderRoutes } from './reminders'
import { taskRoutes } from './tasks'

/** Notes, tasks and reminders (API contract "Notes", "Tasks", "Reminders"). */
export function followUpRoutes(app: ZodApp, ctx: RouteContext): void {
  noteRoutes(app, ctx)
  taskRoutes(app, ctx)
  reminderRoutes(app, ctx)
}
