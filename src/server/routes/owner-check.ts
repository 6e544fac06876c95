import { isRowId } from '#shared/constants'
import type { OwnerInput } from '#shared/customer'
import type { Db } from '../db/client'
import { HttpError } from '../http/errors'
import { isActiveAgent } from '../repositories/directory'

export const UNKNOWN_OWNER = 'Choose an active agent.'

/**
 * An owner as sent, checked: null (nobody) and undefined (left out) pass as they are; an
 * id must be an active agent's, else a 400 on `owner` (API contract "Owners …").
 */
export async function checkedOwner(db: Db, owner: OwnerInput): Promise<OwnerInput> {
  if (owner === undefined || owner === null) return owner
  if (isRowId(owner) && (await isActiveAgent(db, owner))) return owner
  throw new HttpError(400, 'The owner is not an active agent.', { owner: UNKNOWN_OWNER })
}

/** A list's `owner=me` as the signed-in agent's id (the repository knows no "me"). */
export function ownerMeAs<Q extends { owner?: number | 'me' | 'none' | undefined }>(
  query: Q,
  me: number,
): Omit<Q, 'owner'> & { owner?: number | 'none' } {
  const { owner, ...rest } = query
  if (owner === undefined) return rest
  return { ...rest, owner: owner === 'me' ? me : owner }
}
