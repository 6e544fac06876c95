import { ApiError } from '../api/client'

/**
 * The server's `fields` that name one of a form's own fields (a taken username, a weak
 * password), to be shown under them with `form.setErrors`; empty when the failure is
 * about no field of the form.
 */
export function serverFields<K extends string>(
  error: Error,
  names: readonly K[],
): Partial<Record<K, string>> {
  const fields = error instanceof ApiError ? (error.fields ?? {}) : {}
  return Object.fromEntries(
    names.filter((name) => fields[name] !== undefined).map((name) => [name, fields[name]]),
  ) as Partial<Record<K, string>>
}
