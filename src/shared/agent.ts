import { z } from 'zod'
import { registerInputSchema } from './auth'
import { ROLES } from './constants'
import { checkAfter, listAnswerSchema, listQuerySchema } from './list-query'
import { email, requiredText } from './text'

export const agentSchema = z.object({
  id: z.number(),
  username: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  phone: z.string(),
  country: z.string(),
  city: z.string(),
  timezone: z.string(),
  role: z.string(),
})
export type Agent = z.infer<typeof agentSchema>

export const agentResponseSchema = z.object({ Agent: agentSchema })
export type AgentResponse = z.infer<typeof agentResponseSchema>

export const agentUpdateInputSchema = z.object({
  first_name: requiredText(),
  last_name: requiredText(),
  email: email({ allowEmpty: false }),
  phone: requiredText(),
  country: requiredText(),
  city: requiredText(),
})
export type AgentUpdateInput = z.input<typeof agentUpdateInputSchema>
export type AgentProfile = z.output<typeof agentUpdateInputSchema>

export const roleResponseSchema = z.object({ role: z.object({ id: z.number(), role: z.string() }) })
export type RoleResponse = z.infer<typeof roleResponseSchema>

/** A row of the team screen (GET /api/agents/, Admin only). */
export const teamAgentSchema = z.object({
  id: z.number(),
  username: z.string(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  role: z.enum(ROLES),
  active: z.boolean(),
  /** ISO date-time of the last sign-in, null if never. */
  last_login: z.string().nullable(),
})
export type TeamAgent = z.infer<typeof teamAgentSchema>

export const TEAM_ORDER_FIELDS = ['username', 'email', 'id'] as const
export const TEAM_ORDERING = 'username'
export const teamQuerySchema = listQuerySchema(TEAM_ORDER_FIELDS).superRefine(
  checkAfter(TEAM_ORDERING),
)
export type TeamQuery = z.output<typeof teamQuerySchema>

export const teamListSchema = listAnswerSchema('Agents', teamAgentSchema)
export type TeamList = z.infer<typeof teamListSchema>

/** A role as a body names it. */
export const roleSchema = z.enum(ROLES, { error: 'Choose a role: Admin, Agent or Tester.' })

export const roleInputSchema = z.object({ role: roleSchema })
export const activeInputSchema = z.object({
  active: z.boolean({ error: 'must be true or false' }),
})
export const teamAgentResponseSchema = z.object({ Agent: teamAgentSchema })
export type TeamAgentResponse = z.infer<typeof teamAgentResponseSchema>

/**
 * POST /api/agents/ (Admin only): a colleague added by an Admin, by the sign-up's rules
 * (the same username, email and password checks) plus the role they get.
 */
export const agentCreateInputSchema = registerInputSchema.safeExtend({ role: roleSchema })
export type AgentCreateInput = z.input<typeof agentCreateInputSchema>

/** An active agent as the owner and assignee pickers show it (GET /api/agents/directory/). */
export const directoryAgentSchema = z.object({
  id: z.number(),
  username: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  role: z.enum(ROLES),
})
export type DirectoryAgent = z.infer<typeof directoryAgentSchema>
export const agentDirectorySchema = z.object({ Agents: z.array(directoryAgentSchema) })
export type AgentDirectory = z.infer<typeof agentDirectorySchema>
