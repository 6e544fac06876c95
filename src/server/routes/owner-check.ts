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
