import { randomBytes } from 'node:crypto'
import { readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { reason } from './data-dir'
import { SettingsError } from './settings'

const MIN_SECRET_LENGTH = 32
const SECRET_FILE = 'jwt-secret'

export interface JwtSecret {
  key: Uint8Array
  source: 'env' | 'file' | 'generated'
  /** One line for the operator, when the choice deserves a second look. */
  warning: string | undefined
}

export interface SecretOptions {
  /** CRM_JWT_SECRET as read by settings.ts. */
  envSecret: string | undefined
  dataDir: string
  /** DATABASE_URL is set: other servers may share the database but not this folder. */
  sharedDatabase: boolean
}

/** The token signing key: CRM_JWT_SECRET, or one generated once and kept in the data folder. */
export function loadJwtSecret(options: SecretOptions): JwtSecret {
  if (options.envSecret !== undefined) {
    if (options.envSecret.length < MIN_SECRET_LENGTH) {
      throw new SettingsError(
        `CRM_JWT_SECRET must be at least ${MIN_SECRET_LENGTH} characters, got ${options.envSecret.length}`,
      )
    }
    return { key: new TextEncoder().encode(options.envSecret), source: 'env', warning: undefined }
  }
  const file = path.join(options.dataDir, SECRET_FILE)
  const warning = options.sharedDatabase
    ? `Signing tokens with the key in ${file}; several servers sharing DATABASE_URL need the same CRM_JWT_SECRET`
    : undefined
  const existing = readSecretFile(file)
  if (existing) return { key: existing, source: 'file', warning }
  const fresh = randomBytes(64)
  try {
    // 'wx' fails if another process wrote the file meanwhile: then its key wins.
    writeFileSync(file, fresh.toString('base64url') + '\n', { mode: 0o600, flag: 'wx' })
    return { key: new Uint8Array(fresh), source: 'generated', warning }
  } catch (error) {
    if (code(error) === 'EEXIST') {
      const raced = readSecretFile(file)
      if (raced) return { key: raced, source: 'file', warning }
    }
    throw new SettingsError(`Cannot write the signing key ${file}: ${reason(error)}`)
  }
}

function readSecretFile(file: string): Uint8Array | undefined {
  let text: string
  try {
    text = readFileSync(file, 'utf8').trim()
  } catch (error) {
    if (code(error) === 'ENOENT') return undefined
    throw new SettingsError(`Cannot read the signing key ${file}: ${reason(error)}`)
  }
  const key = Buffer.from(text, 'base64url')
  if (key.length < MIN_SECRET_LENGTH) {
    // Never replace it silently: that would sign out everybody without saying why.
    throw new SettingsError(
      `The signing key ${file} is damaged (too short); delete it to generate a new one`,
    )
  }
  return new Uint8Array(key)
}

function code(error: unknown): string | undefined {
  return (error as NodeJS.ErrnoException | undefined)?.code
}
