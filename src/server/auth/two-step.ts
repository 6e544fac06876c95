import { createHash, randomInt } from 'node:crypto'
import { Secret, TOTP } from 'otpauth'
import QRCode from 'qrcode'
import type { Db } from '../db/client'
import { findTwoStep, spendRecoveryCode } from '../repositories/two-step'

// What every authenticator app reads the same way (RFC 6238's defaults).
const ISSUER = 'Rapport CRM'
const TOTP_SETTINGS = { issuer: ISSUER, algorithm: 'SHA1', digits: 6, period: 30 } as const
// One step either side: a phone's clock a little off, or a code typed as it turned.
const WINDOW = 1

const RECOVERY_CODES = 10
// No 0/o, 1/l/i: easy to read off a sheet of paper and type back.
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789'
const RECOVERY_HALF = 5

const totpFor = (secret: string, username = '') =>
  new TOTP({ ...TOTP_SETTINGS, label: username, secret: Secret.fromBase32(secret) })

/** A new random TOTP secret (160 bits, as RFC 4226 recommends), in base32. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32
}

/** What an authenticator app scans: the otpauth:// URL and it as a QR code (a PNG data: URL). */
export async function totpSetup(
  secret: string,
  username: string,
): Promise<{ secret: string; otpauth_url: string; qr_code: string }> {
  const url = totpFor(secret, username).toString()
  return { secret, otpauth_url: url, qr_code: await QRCode.toDataURL(url, { margin: 2 }) }
}

/** Whether `code` is the secret's current six digits (or the step before or after). */
export function isCurrentCode(secret: string, code: string): boolean {
  if (!/^\d{6}$/.test(code)) return false
  return totpFor(secret).validate({ token: code, window: WINDOW }) !== null
}

/** Ten new recovery codes such as `k7fq2-mx9ta` (about 49 random bits each). */
export function newRecoveryCodes(): string[] {
  const half = () =>
    Array.from(
      { length: RECOVERY_HALF },
      () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)],
    ).join('')
  return Array.from({ length: RECOVERY_CODES }, () => `${half()}-${half()}`)
}

/**
 * The stored form of a recovery code: SHA-256 of it without spaces or dashes, in lower
 * case. A fast hash is enough: the codes are random, and whoever could read the digests
 * could read the TOTP secret beside them (it must be kept as is to check codes).
 */
export function hashRecoveryCode(code: string): string {
  const normal = code.replace(/[\s-]/g, '').toLowerCase()
  return createHash('sha256').update(normal).digest('hex')
}

/**
 * Whether `code` passes the agent's second step: the current code of its secret, or one
 * of its unused recovery codes (which is spent by this check).
 */
export async function passesSecondStep(db: Db, agentId: number, code: string): Promise<boolean> {
  const state = await findTwoStep(db, agentId)
  if (!state?.secret) return false
  if (isCurrentCode(state.secret, code)) return true
  return spendRecoveryCode(db, agentId, hashRecoveryCode(code))
}
