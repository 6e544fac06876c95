import { setupServer } from 'msw/node'
import { accountHandlers } from './handlers/accounts'
import { agentHandlers } from './handlers/agents'
import { authHandlers } from './handlers/auth'
import { customerHandlers } from './handlers/customers'
import { orderHandlers } from './handlers/orders'
import { recordHandlers } from './handlers/records'
import { listHandlers } from './handlers/lists'
import { liveHandlers } from './handlers/live'
import { noteHandlers } from './handlers/notes'
import { reminderHandlers } from './handlers/reminders'
import { taskHandlers } from './handlers/tasks'
import { reportHandlers } from './handlers/reports'
import { statsHandlers } from './handlers/stats'

export const server = setupServer(
  // Owners, filters, saved views, bulk changes (issue 26); first, so agents/directory/
  // is not taken for an agent's id, nor customers/bulk/ for a customer's.
  ...listHandlers,
  ...authHandlers,
  // Two-step sign-in and sessions (issue 28).
  ...accountHandlers,
  ...agentHandlers,
  ...customerHandlers,
  ...orderHandlers,
  ...statsHandlers,
  ...reportHandlers,
  // History, team and CSV (issues 11 and 12).
  ...recordHandlers,
  // The live stream and the palette's searches (issue 13).
  ...liveHandlers,
  // Notes, tasks and reminders (issue 24).
  ...noteHandlers,
  ...taskHandlers,
  ...reminderHandlers,
)
