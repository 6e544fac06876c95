import { isRowId } from '#shared/constants'
import { orderImportSchema, type OrderImportRow } from '#shared/csv'
import { UNKNOWN_CUSTOMER } from '#shared/order'
import type { Db } from '../db/client'
import { liveCustomerIds } from '../repositories/imports'
import { checkCsv, refuse, type CheckedFile } from './import'

/**
 * An orders file: `customer` (id), `status`, `total_amount` and an optional `date_created`,
 * each row checked as a create is, and its customer must exist.
 */
export async function checkOrdersFile(db: Db, body: string): Promise<CheckedFile<OrderImportRow>> {
  const checked = checkCsv(
    body,
    ['customer', 'status', 'total_Amount', 'date_created'],
    'customer',
    orderImportSchema,
  )
  const wanted = [...new Set(checked.valid.map((row) => row.data.customer))].filter(isRowId)
  const live = await liveCustomerIds(db, wanted)
  const valid = checked.valid.filter((row) => {
    if (live.has(row.data.customer)) return true
    refuse(checked, row.line, { customer: UNKNOWN_CUSTOMER })
    return false
  })
  // Errors stay in the order of the file's lines.
  checked.errors.sort((a, b) => a.line - b.line)
  return { ...checked, valid }
}
