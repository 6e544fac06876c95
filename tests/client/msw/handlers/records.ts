import { parse } from 'csv-parse/sync'
import { HttpResponse, type HttpHandler } from 'msw'
import type { z } from 'zod'
import { customerExportQuerySchema, customerInputSchema } from '../../../../src/shared/customer'
import { importQuerySchema, type ImportResult } from '../../../../src/shared/csv'
import { fieldErrors } from '../../../../src/shared/errors'
import { historyQuerySchema } from '../../../../src/shared/history'
import { orderCreateInputSchema, orderExportQuerySchema } from '../../../../src/shared/order'
import {
  createCustomer,
  createOrder,
  listRows,
  mockDb,
  restoreCustomer,
  restoreOrder,
  withCustomerName,
} from '../data'
import { agentStore } from './agents'
import { teamHandlers } from './team'
import { mayWrite, signedIn } from './signed-in'
import { notFound, parseId, parseQuery, refuseTester } from './write-guard'

/** GET history/ (API.md): newest first; agent entries only one's own unless an Admin. */
const historyHandlers: HttpHandler[] = [
  signedIn.get('*/api/history/', ({ request, userId }) => {
    const query = parseQuery(request, historyQuerySchema)
    if (query instanceof Response) return query
    const admin = agentStore.agent.role === 'Admin'
    const rows = mockDb.history.filter(
      (e) =>
        (admin || e.entity !== 'agent' || e.entity_id === userId) &&
        (query.entity === undefined || e.entity === query.entity) &&
        (query.entity_id === undefined || e.entity_id === query.entity_id) &&
        (query.actor === undefined || e.actor?.id === query.actor) &&
        (query.action === undefined || e.action === query.action),
    )
    const offset = query.offset ?? 0
    const limit = query.limit ?? 1000
    const more = offset + limit < rows.length
    return HttpResponse.json({
      History: rows.slice(offset, offset + limit),
      count: rows.length,
      count_exact: true,
      next: more ? 'more' : null,
    })
  }),
  signedIn.post('*/api/customers/:id/restore/', ({ params }) => {
    const id = parseId(params)
    if (id instanceof Response) return id
    const restored = refuseTester() ?? restoreCustomer(id)
    if (restored instanceof Response) return restored
    return restored ? HttpResponse.json(restored) : notFound('Customer')
  }),
  signedIn.post('*/api/orders/:id/restore/', ({ params }) => {
    const id = parseId(params)
    if (id instanceof Response) return id
    const restored = refuseTester() ?? restoreOrder(id)
    if (restored instanceof Response) return restored
    return restored ? HttpResponse.json(restored) : notFound('Order')
  }),
]

const refuse = (status: number, error: string) => HttpResponse.json({ error }, { status })

const columnKey = (name: string) => name.toLowerCase().replace(/[\s_]+/g, '')

/** Reads an import file as the server does (header names loosely), checking each row. */
function checkFile<S extends z.ZodType>(text: string, fields: string[], schema: S) {
  const body = text.replace(/^\uFEFF/, '')
  const first = (body.split(/\r?\n/, 1)[0] ?? '').replace(/"[^"]*"/g, '')
  const records = parse(body, {
    // Comma or semicolon, whichever the header uses more.
    delimiter: first.split(';').length > first.split(',').length ? ';' : ',',
    info: true,
    relax_column_count: true,
    skip_empty_lines: true,
  }) as unknown as { record: string[]; info: { lines: number } }[]
  const [header, ...rows] = records
  const at = fields.map((f) => header?.record.findIndex((h) => columnKey(h) === columnKey(f)) ?? -1)
  const valid: z.output<S>[] = []
  const errors: ImportResult['errors'] = []
  let invalid = 0
  for (const { record, info } of rows) {
    const values = Object.fromEntries(fields.map((f, i) => [f, record[at[i] ?? -1] ?? '']))
    const result = schema.safeParse(values)
    if (result.success) {
      valid.push(result.data)
      continue
    }
    invalid++
    for (const [field, message] of Object.entries(fieldErrors(result.error)))
      errors.push({ line: info.lines, field, message })
  }
  return { valid, invalid, errors }
}

function importHandler<S extends z.ZodType>(
  path: string,
  fields: string[],
  schema: S,
  create: (row: z.output<S>) => void,
) {
  return mayWrite.post(`*/api/${path}/import/`, async ({ request }) => {
    if (!request.headers.get('Content-Type')?.startsWith('text/csv')) {
      return refuse(400, 'The body must be text/csv.')
    }
    const options = parseQuery(request, importQuerySchema)
    if (options instanceof Response) return options
    const { valid, invalid, errors } = checkFile(await request.text(), fields, schema)
    const result = { created: valid.length, skipped: invalid, errors }
    if (invalid > 0 && !options.skip_invalid) {
      return HttpResponse.json(
        { error: `${invalid} rows are not valid: nothing was imported.`, ...result, created: 0 },
        { status: 400 },
      )
    }
    if (!options.dry_run) valid.forEach(create)
    return HttpResponse.json(result)
  })
}

const importHandlers: HttpHandler[] = [
  importHandler(
    'customers',
    ['name', 'email', 'city', 'country', 'phone'],
    customerInputSchema,
    createCustomer,
  ),
  importHandler('orders', ['customer', 'status', 'total_Amount'], orderCreateInputSchema, (row) =>
    createOrder({ customer: row.customer, status: row.status, total_Amount: row.total_Amount }),
  ),
]

/** History, team and CSV imports (issues 11 and 12). */
export const recordHandlers: HttpHandler[] = [
  ...historyHandlers,
  // The team's own file: listed here so server.ts keeps one entry for these.
  ...teamHandlers,
  ...importHandlers,
]

const csv = (rows: (string | number | null)[][]) =>
  rows
    .map((row) => row.map((cell) => (cell === null ? '' : JSON.stringify(String(cell)))).join(','))
    .join('\r\n')

function csvFile(kind: string, rows: (string | number | null)[][]) {
  return new HttpResponse(`${csv(rows)}\r\n`, {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${kind}-2026-11-22.csv"`,
    },
  })
}

/**
 * GET {customers,orders}/export/: every row of the list's search, filter and ordering
 * (checked with the shared export schemas: paging is refused). Not in recordHandlers:
 * `customers/:id` (server.ts lists it first) would take `customers/export/`; a test
 * that exports puts these first with `server.use(...exportHandlers)`.
 */
export const exportHandlers: HttpHandler[] = [
  signedIn.get('*/api/customers/export/', ({ request }) => {
    const query = parseQuery(request, customerExportQuerySchema.strict())
    if (query instanceof Response) return query
    const { rows } = listRows(mockDb.customers, query, (c) => [
      c.name,
      c.email,
      c.city,
      c.country,
      c.phone,
    ])
    return csvFile('customers', [
      ['id', 'name', 'email', 'city', 'country', 'phone', 'date_created'],
      ...rows.map((c) => [c.id, c.name, c.email, c.city, c.country, c.phone, c.date_created]),
    ])
  }),
  signedIn.get('*/api/orders/export/', ({ request }) => {
    const query = parseQuery(request, orderExportQuerySchema.strict())
    if (query instanceof Response) return query
    const filtered = mockDb.orders
      .map(withCustomerName)
      .filter((o) => (query.status ? query.status.includes(o.status) : true))
    const { rows } = listRows(filtered, query, (o) => [
      String(o.id),
      o.customer_name ?? '',
      o.status,
    ])
    return csvFile('orders', [
      ['id', 'customer', 'customer_name', 'status', 'total_Amount', 'date_created'],
      ...rows.map((o) => [
        o.id,
        o.customer,
        o.customer_name,
        o.status,
        o.total_Amount,
        o.date_created,
      ]),
    ])
  }),
]
