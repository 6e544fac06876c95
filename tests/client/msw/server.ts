import { setupServer } from 'msw/node'
import { agentHandlers } from './handlers/agents'
import { authHandlers } from './handlers/auth'
import { customerHandlers } from './handlers/customers'
import { orderHandlers } from './handlers/orders'
import { statsHandlers } from './handlers/stats'

export const server = setupServer(
  ...authHandlers,
  ...agentHandlers,
  ...customerHandlers,
  ...orderHandlers,
  ...statsHandlers,
)
