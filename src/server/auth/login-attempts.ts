import { normalUsername } from '#shared/auth'
import type { AttemptCounter } from '../http/rate-limit'
import { refuseWhenLimited } from '../http/too-many'

/**
 * Counts one sign-in attempt (a password, or a second step's code) for the address and
 * for the username, refusing with 429 once either is over the limit (API contract
 * "Limits"). Counted before the secret is checked, so guesses sent together are each
 * counted (and, once blocked, even the right one gets 429); the answer gives the attempt
 * back when it turns out right. The username key is the same normal form the lookup uses.
 */
export async function takeSignInAttempt(
  limiter: AttemptCounter,
  ip: string,
  username: string,
): Promise<() => Promise<void>> {
  const keys = [`address:${ip}`, `username:${normalUsername(username)}`]
  for (const [i, key] of keys.entries()) {
    const verdict = await limiter.take(key)
    // A refused attempt is not counted: waiting out the window is enough.
    if (verdict.blocked) await Promise.all(keys.slice(0, i + 1).map((k) => limiter.giveBack(k)))
    refuseWhenLimited(verdict, 'login attempts')
  }
  return async () => {
    await Promise.all(keys.map((key) => limiter.giveBack(key)))
  }
}
