import { verifyToken, type VerifiedToken } from './tokens'

// Far more than the access tokens a team's agents hold at once; only verified tokens are
// kept, so a client cannot fill it with forged ones.
const MAX_ENTRIES = 10_000

/**
 * Access tokens whose signature and claims were checked, until they expire. An agent's
 * client sends the same access token with every request for minutes; checking its
 * signature again gives the same answer (the secret does not change while the server
 * runs), and the one check that depends on the time, expiry, is made on every request.
 * Whether the agent may still use it (active, password unchanged) is not kept here:
 * `authenticate` asks the account cache on every request.
 */
export class VerifiedTokens {
  private readonly entries = new Map<string, VerifiedToken>()

  constructor(
    private readonly secret: Uint8Array,
    private readonly enabled = true,
    private readonly now: () => number = Date.now,
  ) {}

  async verify(token: string): Promise<VerifiedToken | undefined> {
    const now = this.now()
    if (!this.enabled) return verifyToken(this.secret, token, 'access', now)
    const known = this.entries.get(token)
    if (known) {
      // As jose decides: a token is expired from the second its `exp` names.
      if (known.expiresAt > Math.floor(now / 1000)) return known
      this.entries.delete(token)
      return undefined
    }
    const verified = await verifyToken(this.secret, token, 'access', now)
    if (verified) {
      if (this.entries.size >= MAX_ENTRIES) this.entries.clear()
      this.entries.set(token, verified)
    }
    return verified
  }
}
