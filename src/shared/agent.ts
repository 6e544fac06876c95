import { z } from 'zod'
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
