import { z } from 'zod'
import { isCommonPassword } from './common-passwords'
import { TEXT_MAX } from './constants'

// Control characters other than tab (\t) and newline (\n) are refused (API.md "Limits").
// eslint-disable-next-line no-control-regex
const FORBIDDEN_CONTROL = /[\u0000-\u0008\u000B-\u001F\u007F]/

const noControl = (value: string) => !FORBIDDEN_CONTROL.test(value)
// Messages say what to do, in a person's words: forms show them under their field and the
// server sends the same ones as `fields` (API contract "Errors").
const CONTROL_MESSAGE = 'Remove the invisible control characters.'
const NOT_TEXT = 'Enter this as text.'
export const atMost = (max: number) => `Use at most ${max} characters.`
/** What a required field left empty says when its schema names nothing better. */
export const FILL_IN = 'Fill this in.'
export const INVALID_EMAIL = 'Enter a valid email address.'

/** A trimmed text field of at most `max` characters, control characters refused. */
export function text(max = TEXT_MAX) {
  return z
    .string({ error: NOT_TEXT })
    .refine(noControl, CONTROL_MESSAGE)
    .transform((value) => value.trim())
    .pipe(z.string().max(max, atMost(max)))
}

/**
 * A required trimmed text field (not empty after trimming); `missing` is what an empty
 * one says ('Enter a name.').
 */
export function requiredText(max = TEXT_MAX, missing = FILL_IN) {
  return z
    .string({ error: missing })
    .refine(noControl, CONTROL_MESSAGE)
    .transform((value) => value.trim())
    .pipe(z.string().min(1, missing).max(max, atMost(max)))
}

/** Optional text: missing or null becomes ''. */
export function optionalText(max = TEXT_MAX) {
  return z.preprocess((value) => (value == null ? '' : value), text(max))
}

/** An email address, trimmed; `allowEmpty` accepts ''. */
export function email({ allowEmpty }: { allowEmpty: boolean }) {
  const address = z.email(INVALID_EMAIL).max(254, atMost(254))
  return allowEmpty
    ? optionalText(254).pipe(z.union([z.literal(''), address]))
    : requiredText(254, 'Enter an email address.').pipe(address)
}

const PASSWORD_LENGTH = 'Use 8 to 128 characters.'

/** A password: not trimmed (spaces may be meant), 8 to 128 characters, not a common one. */
export const passwordSchema = z
  .string({ error: 'Enter a password.' })
  .refine(noControl, CONTROL_MESSAGE)
  .pipe(
    z
      .string()
      .min(1, 'Enter a password.')
      .min(8, PASSWORD_LENGTH)
      .max(128, PASSWORD_LENGTH)
      .refine((p) => !isCommonPassword(p), 'This password is too common. Choose another.'),
  )
