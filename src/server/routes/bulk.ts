import {
  bulkAnswerSchema,
  customerBulkInputSchema,
  orderBulkInputSchema,
  type BulkAnswer,
} from '#shared/bulk'
import { changeActorOf, requireWriter } from '../auth/authenticate'
import type { RouteContext } from '../http/context'
import { HttpError } from '../http/errors'
import { answers, describe, type ZodApp } from '../http/zod-routes'
import { bulkCustomers } from '../repositories/customer-bulk'
import { bulkOrders } from '../repositories/order-bulk'
import { checkedOwner } from './owner-check'

const NEEDS: Record<string, string> = {
  delete: 'unknown or already deleted',
  restore: 'unknown or not deleted',
  assign: 'unknown or deleted',
  status: 'unknown or deleted',
}

/** Shown in `error` (the first few) and in `fields.ids` (all of them). */
const SHOWN = 20

/** The answer, or a 400 naming the bad ids (nothing was changed). */
function answered(
  result: { changed: number } | { refused: number[] },
  what: 'Customer' | 'Order',
  action: string,
): BulkAnswer {
  if ('changed' in result) return result
  const ids = result.refused
  const named =
    ids.slice(0, SHOWN).join(', ') + (ids.length > SHOWN ? ` and ${ids.length - SHOWN} more` : '')
  const whom = ids.length === 1 ? `${what} ${named} is` : `${what}s ${named} are`
  throw new HttpError(400, `${whom} ${NEEDS[action] ?? 'not valid'}: nothing was changed.`, {
    ids: ids.join(', '),
  })
}

export function bulkRoutes(app: ZodApp, ctx: RouteContext): void {
  const { db } = ctx.database
  const write = { onRequest: [ctx.authenticate, requireWriter] }
  const doc = (tag: string, summary: string) => describe(tag, summary)

  app.post(
    '/api/customers/bulk',
    {
      ...write,
      schema: {
        ...doc('Customers', 'Delete, restore or assign up to 1,000 customers, all or nothing'),
        body: customerBulkInputSchema,
        response: answers({ 200: bulkAnswerSchema }),
      },
    },
    async (request) => {
      const { body } = request
      const ownerId = body.action === 'assign' ? await checkedOwner(db, body.owner) : null
      const result = await bulkCustomers(db, body, changeActorOf(request), ownerId ?? null)
      return answered(result, 'Customer', body.action)
    },
  )

  app.post(
    '/api/orders/bulk',
    {
      ...write,
      schema: {
        ...doc('Orders', 'Delete, restore or set the status of up to 1,000 orders, all or nothing'),
        body: orderBulkInputSchema,
        response: answers({ 200: bulkAnswerSchema }),
      },
    },
    async (request) => {
      const result = await bulkOrders(db, request.body, changeActorOf(request))
      return answered(result, 'Order', request.body.action)
    },
  )
}
