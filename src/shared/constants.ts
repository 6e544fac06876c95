/** Order statuses in their stored spelling (API.md). */
export const ORDER_STATUSES = ['Pending', 'Out for delivery', 'Delivered'] as const
export type OrderStatus = (typeof ORDER_STATUSES)[number]

/** Role names (API.md "Agents and roles"). */
export const ROLES = ['Admin', 'Agent', 'Tester'] as const
export type RoleName = (typeof ROLES)[number]

export const TESTER_ROLE: RoleName = 'Tester'

/** The one rule deciding who may create, edit or delete customers and orders. */
export function canWrite(role: string | null | undefined): boolean {
  return typeof role === 'string' && role !== '' && role !== TESTER_ROLE
}

/** Admins may read and change any agent record; others only their own. */
export function canManageAgent(actor: { id: number; role: string }, agentId: number): boolean {
  return actor.role === 'Admin' || actor.id === agentId
}

export const LIST_LIMIT_MAX = 500
export const TEXT_MAX = 200
export const AMOUNT_MAX = 9_999_999_999.99

// Ids are PostgreSQL `integer`s: a larger number can name no row (and would make the
// driver fail), so it is simply "not found".
export const MAX_ROW_ID = 2_147_483_647

export function isRowId(id: number): boolean {
  return Number.isSafeInteger(id) && id >= 1 && id <= MAX_ROW_ID
}
