import { createHash, randomBytes } from 'node:crypto'
import { and, desc, eq, isNull, sql } from 'drizzle-orm'
import {
  API_KEY_PREFIX_LENGTH,
  API_KEY_START,
  type ApiKey,
  type ApiKeyRole,
  type CreatedApiKey,
} from '#shared/api-keys'
import type { RoleName } from '#shared/constants'
import type { Db } from '../db/client'
import { agents, roles } from '../db/schema'
import { apiKeys } from '../db/schema-integrations'
import { recordChange, whole, type ChangeActor } from './history'
import { isoDate } from './iso-date'

// last_used_at is written at most this often per key, as sessions do.
const TOUCH_EVERY = sql`interval '60 seconds'`

/** A key's secret: `rk_` then 43 random base64url characters (256 bits). */
const newSecret = () => `${API_KEY_START}${randomBytes(32).toString('base64url')}`

/** Only this is kept: the secret has 256 random bits, so a fast hash is enough. */
export const hashApiKey = (secret: string) => createHash('sha256').update(secret).digest('hex')

const creator = sql<{ id: number; username: string } | null>`case when ${agents.id} is null
  then null else json_build_object('id', ${agents.id}, 'username', ${agents.username}) end`

const columns = {
  id: apiKeys.id,
  name: apiKeys.name,
  role: sql<ApiKeyRole>`${roles.name}`,
  prefix: apiKeys.prefix,
  created_at: isoDate(apiKeys.createdAt),
  created_by: creator,
  last_used_at: sql<string | null>`${isoDate(apiKeys.lastUsedAt)}`,
  expires_at: sql<string | null>`${isoDate(apiKeys.expiresAt)}`,
}

/** The keys not revoked, newest first (expired ones too: their row says when). */
export function listApiKeys(db: Db): Promise<ApiKey[]> {
  return db
    .select(columns)
    .from(apiKeys)
    .innerJoin(roles, eq(roles.id, apiKeys.roleId))
    .leftJoin(agents, eq(agents.id, apiKeys.createdById))
    .where(isNull(apiKeys.revokedAt))
    .orderBy(desc(apiKeys.id))
}

export interface NewApiKey {
  name: string
  role: ApiKeyRole
  expiresAt: string | null
}

/** Creates a key and its history entry; the answer carries the secret, never kept. */
export function createApiKey(db: Db, input: NewApiKey, actor: ChangeActor): Promise<CreatedApiKey> {
  const key = newSecret()
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(apiKeys)
      .values({
        name: input.name,
        roleId: sql`(select id from ${roles} where name = ${input.role})`,
        prefix: key.slice(0, API_KEY_PREFIX_LENGTH),
        keyHash: hashApiKey(key),
        createdById: actor?.id ?? null,
        expiresAt: input.expiresAt,
      })
      .returning({ id: apiKeys.id })
    const created = row && (await findApiKey(tx, row.id))
    if (!created) throw new Error('insert returned no row')
    const { name, role, prefix, expires_at } = created
    await recordChange(tx, actor, {
      action: 'create',
      entity: 'api_key',
      entityId: created.id,
      summary: `API key ${name} created (${role})`,
      changes: whole({ name, role, prefix, expires_at }, 'created'),
    })
    return { ...created, key }
  })
}

async function findApiKey(db: Db, id: number): Promise<ApiKey | undefined> {
  const [row] = await db
    .select(columns)
    .from(apiKeys)
    .innerJoin(roles, eq(roles.id, apiKeys.roleId))
    .leftJoin(agents, eq(agents.id, apiKeys.createdById))
    .where(and(eq(apiKeys.id, id), isNull(apiKeys.revokedAt)))
  return row
}

/** Revokes a key: from the next request on, every server refuses it. False: no such key. */
export function revokeApiKey(db: Db, id: number, actor: ChangeActor): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(apiKeys)
      .set({ revokedAt: sql`now()` })
      .where(and(eq(apiKeys.id, id), isNull(apiKeys.revokedAt)))
      .returning({ id: apiKeys.id, name: apiKeys.name, prefix: apiKeys.prefix })
    if (!row) return false
    await recordChange(tx, actor, {
      action: 'delete',
      entity: 'api_key',
      entityId: id,
      summary: `API key ${row.name} revoked`,
      changes: whole({ name: row.name, prefix: row.prefix }, 'deleted'),
    })
    return true
  })
}

/** What a request made with a key acts as: the key's role, in its creator's name. */
export interface KeyAccount {
  keyId: number
  keyName: string
  role: RoleName
  creatorId: number | null
  creatorUsername: string | null
  /** Seconds since the epoch, or null for a key that never expires. */
  expiresAt: number | null
  /** last_used_at is more than a minute old: touch it. */
  stale: boolean
}

/**
 * The live key with this secret (not revoked, not expired by the database's clock) in
 * one indexed read, on every request: a revoke on any server stops the next request.
 */
export async function findKeyAccount(db: Db, secret: string): Promise<KeyAccount | undefined> {
  const [row] = await db
    .select({
      keyId: apiKeys.id,
      keyName: apiKeys.name,
      role: sql<RoleName>`${roles.name}`,
      creatorId: agents.id,
      creatorUsername: agents.username,
      expiresAt: sql<number | null>`extract(epoch from ${apiKeys.expiresAt})::float8`,
      stale: sql<boolean>`coalesce(${apiKeys.lastUsedAt} < now() - ${TOUCH_EVERY}, true)`,
    })
    .from(apiKeys)
    .innerJoin(roles, eq(roles.id, apiKeys.roleId))
    .leftJoin(agents, eq(agents.id, apiKeys.createdById))
    .where(
      and(
        eq(apiKeys.keyHash, hashApiKey(secret)),
        isNull(apiKeys.revokedAt),
        sql`(${apiKeys.expiresAt} is null or ${apiKeys.expiresAt} > now())`,
      ),
    )
  return row
}

/** Notes that a key was used now (at most about once a minute per key). */
export async function touchApiKey(db: Db, id: number): Promise<void> {
  await db
    .update(apiKeys)
    .set({ lastUsedAt: sql`now()` })
    .where(
      and(
        eq(apiKeys.id, id),
        sql`(${apiKeys.lastUsedAt} is null or ${apiKeys.lastUsedAt} < now() - ${TOUCH_EVERY})`,
      ),
    )
}
