import { z } from 'zod'
import { registerInputSchema } from '../../../shared/auth'
import { ROLES } from '../../../shared/constants'

// TEMPORARY: stands in until the server's body schema of POST /api/agents/ lands in
// shared/agent.ts (the sign-up's rules plus the role); the dialog and the msw handler
// then import that one and this file goes.
export const agentCreateInputSchema = registerInputSchema.safeExtend({ role: z.enum(ROLES) })
export type AgentCreateInput = z.input<typeof agentCreateInputSchema>
