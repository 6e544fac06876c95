import { z } from 'zod'
import { atMost } from './text'
import { tokenPairSchema } from './auth'

/** GET /api/2fa/ (added): whether the signed-in agent's two-step sign-in is on. */
export const twoStepStatusSchema = z.object({
  enabled: z.boolean(),
  enabled_at: z.string().nullable(),
})
export type TwoStepStatus = z.infer<typeof twoStepStatusSchema>

/** POST /api/2fa/setup/: the key, its otpauth:// URL, and (added) that URL as a QR code. */
export const twoStepSetupSchema = z.object({
  secret: z.string(),
  otpauth_url: z.string(),
  /** A PNG `data:` URL of the QR code of `otpauth_url`. */
  qr_code: z.string(),
})
export type TwoStepSetup = z.infer<typeof twoStepSetupSchema>

const CODE_MAX = 64
/** A code as typed: six digits, or a recovery code (spaces and dashes allowed). */
const code = z
  .string({ error: 'Enter the code.' })
  .trim()
  .min(1, 'Enter the code.')
  .max(CODE_MAX, atMost(CODE_MAX))

export const codeInputSchema = z.object({ code })
export type CodeInput = z.input<typeof codeInputSchema>

export const recoveryCodesSchema = z.object({ recovery_codes: z.array(z.string()) })
export type RecoveryCodes = z.infer<typeof recoveryCodesSchema>

export const twoStepDisableInputSchema = z.object({
  password: z.string({ error: 'Enter your password.' }).min(1, 'Enter your password.').max(1024),
  code,
})
export type TwoStepDisableInput = z.input<typeof twoStepDisableInputSchema>

/** POST /api/users/token/ for an agent with two-step sign-in: no tokens yet. */
export const mfaRequiredSchema = z.object({
  mfa_required: z.literal(true),
  mfa_token: z.string(),
})
export type MfaRequired = z.infer<typeof mfaRequiredSchema>

export const signInAnswerSchema = z.union([tokenPairSchema, mfaRequiredSchema])
export type SignInAnswer = z.infer<typeof signInAnswerSchema>

export const mfaInputSchema = z.object({
  mfa_token: z.string({ error: 'Sign in again.' }).min(1, 'Sign in again.').max(4096),
  code,
})
export type MfaInput = z.input<typeof mfaInputSchema>

/** The second step's answer to a wrong code (401), as the sign-in card shows it. */
export const WRONG_CODE = 'That code is not right. Try again.'
