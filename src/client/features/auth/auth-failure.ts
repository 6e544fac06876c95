import { ApiError } from '../../api/client'

declare module '@tanstack/history' {
  interface HistoryState {
    /** Set by a successful sign-up on its way to /login: the new account's username. */
    accountCreated?: string
  }
}

/** What the card says after a sign-up, on /login only when one led there. */
export const ACCOUNT_CREATED = 'Account created. Sign in to continue.'

const seconds = (n: number) => (n === 1 ? '1 second' : `${n} seconds`)

/**
 * The alert text for a failed sign-in or sign-up: the server's own sentence ('Invalid
 * username or password.'), and for a 429 the wait its `Retry-After` gives.
 */
export function failureText(error: Error): string {
  if (!(error instanceof ApiError)) {
    return 'Could not reach the server. Check your connection and try again.'
  }
  if (error.status === 429) {
    const wait = error.retryAfter === undefined ? 'a minute' : seconds(error.retryAfter)
    return `Too many attempts. Try again in ${wait}.`
  }
  return error.serverMessage ?? 'Something went wrong on our side. Try again in a moment.'
}
