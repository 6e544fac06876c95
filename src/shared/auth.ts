import { z } from 'zod'
import { email, passwordSchema, requiredText } from './text'

export const USERNAME_PATTERN = /^[A-Za-z0-9@.+\-_]+$/

/**
 * The one form usernames are compared in, by the login limit and the lookup alike, so
 * no spelling (`İ`, full-width letters) reaches an account under another limiter key.
 */
export const normalUsername = (username: string) => username.normalize('NFKC').toLowerCase()

export const usernameSchema = requiredText(150).pipe(
  z
    .string()
    .min(3, 'must be at least 3 characters')
    .regex(USERNAME_PATTERN, 'may hold only letters, digits and @ . + - _'),
)

export const registerInputSchema = z
  .object({
    username: usernameSchema,
    email: email({ allowEmpty: false }),
    password: passwordSchema,
  })
  .refine((v) => v.password.toLowerCase() !== v.username.toLowerCase(), {
    path: ['password'],
    message: 'must not be the same as the username',
  })
export type RegisterInput = z.input<typeof registerInputSchema>

export const registerResponseSchema = z.object({
  id: z.number(),
  username: z.string(),
  email: z.string(),
})
export type RegisterResponse = z.infer<typeof registerResponseSchema>

// Login checks presence and bounds only: the answer to a bad pair is always the same 401.
export const loginInputSchema = z.object({
  username: requiredText(150),
  password: z.string({ error: 'is required' }).min(1, 'is required').max(1024, 'is too long'),
})
export type LoginInput = z.input<typeof loginInputSchema>

export const tokenPairSchema = z.object({ access: z.string(), refresh: z.string() })
export type TokenPair = z.infer<typeof tokenPairSchema>

export const refreshInputSchema = z.object({
  refresh: z.string({ error: 'is required' }).min(1, 'is required').max(4096, 'is too long'),
})
export type RefreshInput = z.infer<typeof refreshInputSchema>

export const passwordUpdateInputSchema = z.object({
  current_password: z
    .string({ error: 'is required' })
    .min(1, 'is required')
    .max(1024, 'is too long'),
  new_password: z.string({ error: 'is required' }).min(1, 'is required').max(1024, 'is too long'),
  confirm_new_password: z
    .string({ error: 'is required' })
    .min(1, 'is required')
    .max(1024, 'is too long'),
})
export type PasswordUpdateInput = z.infer<typeof passwordUpdateInputSchema>

export const messageSchema = z.object({ message: z.string() })

/** Claims carried by every token the server signs (API.md "Tokens"). */
export const tokenClaimsSchema = z.object({
  user_id: z.number().int().positive(),
  token_type: z.enum(['access', 'refresh']),
  jti: z.string(),
  iat: z.number(),
  exp: z.number(),
})
export type TokenClaims = z.infer<typeof tokenClaimsSchema>
