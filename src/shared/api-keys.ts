import { z } from 'zod'
import { requiredText } from './text'

/** The roles a key may act with (API contract "API keys and webhooks"). */
export const API_KEY_ROLES = ['Agent', 'Tester'] as const
export type ApiKeyRole = (typeof API_KEY_ROLES)[number]

/** Every key starts so; `prefix` is its first 10 characters. */
export const API_KEY_START = 'rk_'
export const API_KEY_PREFIX_LENGTH = 10
export const API_KEY_NAME_MAX = 60

/** An agent as a record names it. */
const agentRefSchema = z.object({ id: z.number(), username: z.string() })

export const apiKeySchema = z.object({
  id: z.number(),
  name: z.string(),
  role: z.enum(API_KEY_ROLES),
  prefix: z.string(),
  created_at: z.string(),
  /** null once the creating Admin's account is gone. */
  created_by: agentRefSchema.nullable(),
  last_used_at: z.string().nullable(),
  expires_at: z.string().nullable(),
})
export type ApiKey = z.infer<typeof apiKeySchema>

/** The answer to a create: the key with its secret, shown this once. */
export const createdApiKeySchema = apiKeySchema.extend({ key: z.string() })
export type CreatedApiKey = z.infer<typeof createdApiKeySchema>

export const apiKeyListSchema = z.object({ Keys: z.array(apiKeySchema) })
export type ApiKeyList = z.infer<typeof apiKeyListSchema>

const EXPIRY_MESSAGE = 'Enter a date and time, such as 2030-01-31T12:00:00Z.'

/** An optional moment in the future: null or missing means the key never expires. */
const expiresAtSchema = z
  .union([z.null(), z.iso.datetime({ offset: true, error: EXPIRY_MESSAGE })], {
    error: EXPIRY_MESSAGE,
  })
  .optional()
  .refine((value) => value == null || Date.parse(value) > Date.now(), {
    message: 'Choose a time in the future.',
  })

export const apiKeyInputSchema = z.object({
  name: requiredText(API_KEY_NAME_MAX, 'Enter a name.'),
  role: z.enum(API_KEY_ROLES, { error: 'Choose Agent or Tester.' }),
  expires_at: expiresAtSchema,
})
export type ApiKeyInput = z.input<typeof apiKeyInputSchema>
