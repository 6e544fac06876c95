import { z } from 'zod'
import { isCommonPassword } from './common-passwords'
import { TEXT_MAX } from './constants'

// Control characters other than tab (\t) and newline (\n) are refused (API.md "Limits").
// eslint-disable-next-line no-control-regex
const FORBIDDEN_CONTROL = /[\u0000-\u0008\u000B-\u001F\u007F]/

const noControl = (value: string) => !FORBIDDEN_CONTROL.test(value)
const CONTROL_MESSAGE = 'must not contain control characters'

/** A trimmed text field of at most `max` characters, control characters refused. */
export function text(max = TEXT_MAX) {
  return z
    .string({ error: 'must be text' })
    .refine(noControl, CONTROL_MESSAGE)
    .transform((value) => value.trim())
    .pipe(z.string().max(max, `must be at most ${max} characters`))
}

/** A required trimmed text field (not empty after trimming). */
export function requiredText(max = TEXT_MAX) {
  return z
    .string({ error: 'is required' })
    .refine(noControl, CONTROL_MESSAGE)
    .transform((value) => value.trim())
    .pipe(z.string().min(1, 'is required').max(max, `must be at most ${max} characters`))
}

/** Optional text: missing or null becomes ''. */
export function optionalText(max = TEXT_MAX) {
  return z.preprocess((value) => (value == null ? '' : value), text(max))
}

/** An email address, trimmed; `allowEmpty` accepts ''. */
export function email({ allowEmpty }: { allowEmpty: boolean }) {
  const address = z.email('must be an email address').max(254, 'must be at most 254 characters')
  return allowEmpty
    ? optionalText(254).pipe(z.union([z.literal(''), address]))
    : requiredText(254).pipe(address)
}

/** A password: not trimmed (spaces may be meant), 8 to 128 characters, not a common one. */
export const passwordSchema = z
  .string({ error: 'is required' })
  .refine(noControl, CONTROL_MESSAGE)
  .pipe(
    z
      .string()
      .min(8, 'must be at least 8 characters')
      .max(128, 'must be at most 128 characters')
      .refine((p) => !isCommonPassword(p), 'is too common: choose a less guessable one'),
  )
