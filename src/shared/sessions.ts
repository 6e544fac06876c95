import { z } from 'zod'

/** One sign-in as GET /api/sessions/ lists it (API.md "Two-step sign-in and sessions"). */
export const sessionSchema = z.object({
  id: z.string(),
  created_at: z.string(),
  last_used_at: z.string(),
  /** The raw User-Agent header, at most 300 characters. */
  user_agent: z.string(),
  ip: z.string(),
  /** The session of the access token that asked. */
  current: z.boolean(),
})
export type SessionInfo = z.infer<typeof sessionSchema>

export const sessionListSchema = z.object({ Sessions: z.array(sessionSchema) })
export type SessionList = z.infer<typeof sessionListSchema>

// Any text of a sane size: an id that names none of the agent's sessions is a 404.
export const sessionParamsSchema = z.object({ id: z.string().min(1).max(100) })

export const revokedSchema = z.object({ revoked: z.number() })
export type Revoked = z.infer<typeof revokedSchema>
