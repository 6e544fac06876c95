const UNIQUE_VIOLATION = '23505'

/** Whether a statement failed on a unique index (drizzle wraps the driver's error as `cause`). */
export function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 3; depth++) {
    if ((e as { code?: unknown }).code === UNIQUE_VIOLATION) return true
    e = (e as { cause?: unknown }).cause
  }
  return false
}
