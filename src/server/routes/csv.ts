import type { FastifyReply } from 'fastify'
import { z } from 'zod'
import { actorOf, changeActorOf, requireWriter } from '../auth/authenticate'
import { customerExportQuerySchema } from '#shared/customer'
import {
  CUSTOMER_CSV_COLUMNS,
  customerImportSchema,
  IMPORT_MAX_BYTES,
  importQuerySchema,
  importRefusedSchema,
  importResultSchema,
  ORDER_CSV_COLUMNS,
  type ImportResult,
} from '#shared/csv'
import { errorBodySchema } from '#shared/errors'
import { orderExportQuerySchema } from '#shared/order'
import { exportFileName } from '../csv/cells'
import { csvStream } from '../csv/export'
import { checkCsv, UnreadableFile, type CheckedFile } from '../csv/import'
import { checkOrdersFile } from '../csv/orders-file'
import type { RouteContext } from '../http/context'
import { HttpError } from '../http/errors'
import { answers, describe, type ZodApp } from '../http/zod-routes'
import { listCustomers } from '../repositories/customers'
import { importCustomers, importOrders } from '../repositories/imports'
import { listOrders } from '../repositories/orders'
import { ownerMeAs } from './owner-check'

const csvAnswer = { 200: z.string().describe('CSV (RFC 4180), UTF-8, with a header row') }

// A 400 is either the whole file's refusal (invalid rows) or any other bad request.
const importAnswers = {
  ...answers({ 200: importResultSchema }),
  400: z.union([importRefusedSchema, errorBodySchema]),
}

function sendCsv(reply: FastifyReply, kind: string, body: NodeJS.ReadableStream): void {
  void reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${exportFileName(kind)}"`)
    .send(body)
}

/**
 * What an import answers (API.md): by default all or nothing (any invalid row: 400 and
 * nothing created); `skip_invalid` creates the valid rows; `dry_run` answers the same
 * and writes nothing.
 */
async function importAnswer<T>(
  reply: FastifyReply,
  checked: CheckedFile<T>,
  options: { skip_invalid?: boolean | undefined; dry_run?: boolean | undefined },
  write: (rows: T[]) => Promise<number>,
) {
  const refused = checked.invalid > 0 && !options.skip_invalid
  const result: ImportResult = {
    created: refused ? 0 : checked.valid.length,
    skipped: checked.invalid,
    errors: checked.errors,
  }
  if (refused) {
    const rows = checked.invalid === 1 ? '1 row is' : `${checked.invalid} rows are`
    return reply.code(400).send({ error: `${rows} not valid: nothing was imported.`, ...result })
  }
  if (!options.dry_run) result.created = await write(checked.valid.map((row) => row.data))
  return reply.send(result)
}

function readable<T>(check: () => T): T {
  try {
    return check()
  } catch (error) {
    if (error instanceof UnreadableFile) throw new HttpError(400, error.message)
    throw error
  }
}

export function csvRoutes(app: ZodApp, ctx: RouteContext): void {
  const { db } = ctx.database
  const read = { onRequest: ctx.authenticate }
  const write = { onRequest: [ctx.authenticate, requireWriter], bodyLimit: IMPORT_MAX_BYTES }
  const importSchema = (what: string) => ({
    ...describe('CSV', `Import ${what} from a CSV file (text/csv, at most 50 MiB)`),
    consumes: ['text/csv'],
    querystring: importQuerySchema,
    body: z.string().describe('CSV text: a header row naming the columns, then one row each'),
    response: importAnswers,
  })

  app.get(
    '/api/customers/export',
    {
      ...read,
      schema: {
        ...describe('CSV', 'Every customer the list shows, as a CSV file'),
        querystring: customerExportQuerySchema,
        produces: ['text/csv'],
        response: answers(csvAnswer),
      },
    },
    (request, reply) => {
      sendCsv(
        reply,
        'customers',
        csvStream(CUSTOMER_CSV_COLUMNS, async (after, limit) => {
          const query = ownerMeAs(request.query, actorOf(request).id)
          const page = await listCustomers(db, { ...query, after, limit })
          // The contract's seven columns: the owner is not one of them.
          const rows = page.Customers.map(({ owner: _owner, ...row }) => row)
          return { rows, next: page.next }
        }),
      )
    },
  )

  app.get(
    '/api/orders/export',
    {
      ...read,
      schema: {
        ...describe('CSV', 'Every order the list shows, as a CSV file'),
        querystring: orderExportQuerySchema,
        produces: ['text/csv'],
        response: answers(csvAnswer),
      },
    },
    (request, reply) => {
      sendCsv(
        reply,
        'orders',
        csvStream(ORDER_CSV_COLUMNS, async (after, limit) => {
          const page = await listOrders(db, { ...request.query, after, limit })
          return { rows: page.Orders, next: page.next }
        }),
      )
    },
  )

  app.post(
    '/api/customers/import',
    {
      ...write,
      schema: importSchema('customers (name, email, city, country, phone, date_created)'),
    },
    (request, reply) => {
      const checked = readable(() =>
        checkCsv(
          request.body,
          ['name', 'email', 'city', 'country', 'phone', 'date_created'],
          'name',
          customerImportSchema,
        ),
      )
      return importAnswer(reply, checked, request.query, (rows) =>
        importCustomers(db, rows, changeActorOf(request)),
      )
    },
  )

  app.post(
    '/api/orders/import',
    { ...write, schema: importSchema('orders (customer, status, total_amount, date_created)') },
    async (request, reply) => {
      const checked = await readable(() => checkOrdersFile(db, request.body))
      return importAnswer(reply, checked, request.query, (rows) =>
        importOrders(db, rows, changeActorOf(request)),
      )
    },
  )
}
