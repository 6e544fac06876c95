import { z } from 'zod'
import { atMost, email, passwordSchema, requiredText } from './text'

export const USERNAME_PATTERN = /^[A-Za-z0-9@.+\-_]+$/

/**
 * The one form usernames are compared in, by the login limit and the lookup alike, so
 * no spelling (`İ`, full-width letters) reaches an account under another limiter key.
 */
export const normalUsername = (username: string) => username.normalize('NFKC').toLowerCase()

export const usernameSchema = requiredText(150, 'Enter a username.').pipe(
  z
    .string()
    .min(3, 'Use 3 to 150 characters.')
    .regex(USERNAME_PATTERN, 'Use only letters, digits and @ . + - _ (no spaces).'),
)

/** The answer's `fields.username` (and its `error`) when a sign-up's username is taken. */
export const USERNAME_TAKEN = 'This username is already taken.'

export const NOT_THE_USERNAME = 'Choose a password that is not your username.'

export const registerInputSchema = z
  .object({
    username: usernameSchema,
    email: email({ allowEmpty: false }),
    password: passwordSchema,
  })
  .refine((v) => v.password.toLowerCase() !== v.username.toLowerCase(), {
    path: ['password'],
    message: NOT_THE_USERNAME,
  })
export type RegisterInput = z.input<typeof registerInputSchema>

export const registerResponseSchema = z.object({
  id: z.number(),
  username: z.string(),
  email: z.string(),
})
export type RegisterResponse = z.infer<typeof registerResponseSchema>

/** A password or token taken as sent (not trimmed): present and of a sane size only. */
const secret = (missing: string, max = 1024) =>
  z.string({ error: missing }).min(1, missing).max(max, atMost(max))

// Login checks presence and bounds only: the answer to a bad pair is always the same 401.
export const loginInputSchema = z.object({
  username: requiredText(150, 'Enter your username.'),
  password: secret('Enter your password.'),
})
export type LoginInput = z.input<typeof loginInputSchema>

export const tokenPairSchema = z.object({ access: z.string(), refresh: z.string() })
export type TokenPair = z.infer<typeof tokenPairSchema>

export const refreshInputSchema = z.object({
  refresh: secret('Send the refresh token.', 4096),
})
export type RefreshInput = z.infer<typeof refreshInputSchema>

export const passwordUpdateInputSchema = z.object({
  current_password: secret('Enter your current password.'),
  new_password: secret('Enter a new password.'),
  confirm_new_password: secret('Enter the new password again.'),
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
