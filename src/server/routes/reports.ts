import { stringify } from 'csv-stringify/sync'
import { z } from 'zod'
import { ZONE_MESSAGE } from '#shared/calendar'
import {
  SALES_CSV_COLUMNS,
  salesReportQuerySchema,
  salesReportSchema,
  type SalesReportPeriod,
} from '#shared/reports'
import type { RouteContext } from '../http/context'
import { databaseCode, HttpError } from '../http/errors'
import { answers, describe, type ZodApp } from '../http/zod-routes'
import { salesReport, salesSeries } from '../repositories/reports'

const doc = (summary: string) => describe('Reports', summary)

// PostgreSQL's invalid_parameter_value: a zone this machine knows and the database not.
const UNKNOWN_ZONE = '22023'

/** Runs a report, answering a zone the database refuses as the 400 any unknown zone is. */
async function known<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run()
  } catch (error) {
    if (databaseCode(error) !== UNKNOWN_ZONE) throw error
    throw new HttpError(400, 'Some fields are not valid.', { tz: ZONE_MESSAGE })
  }
}

/** `sales-2026-01-01-to-2026-01-31.csv`: the period, so two exports never share a name. */
const fileName = (p: SalesReportPeriod) => `sales-${p.from}-to-${p.to}.csv`

export function reportRoutes(app: ZodApp, ctx: RouteContext): void {
  const { db } = ctx.database
  const read = { onRequest: ctx.authenticate }

  app.get(
    '/api/reports/sales',
    {
      ...read,
      schema: {
        ...doc('Sales in a period against the period before: series, statuses, cities, customers'),
        querystring: salesReportQuerySchema,
        response: answers({ 200: salesReportSchema }),
      },
    },
    (request) => known(() => salesReport(db, request.query)),
  )

  app.get(
    '/api/reports/sales/export',
    {
      ...read,
      schema: {
        ...doc("The sales report's series as a CSV file (start, orders, revenue)"),
        querystring: salesReportQuerySchema,
        produces: ['text/csv'],
        response: answers({ 200: z.string().describe('CSV (RFC 4180), UTF-8, with a header row') }),
      },
    },
    async (request, reply) => {
      const series = await known(() => salesSeries(db, request.query))
      const rows = series.map((s) => [s.start, s.orders, s.revenue])
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${fileName(request.query)}"`)
        .send(stringify(rows, { header: true, columns: [...SALES_CSV_COLUMNS] }))
    },
  )
}
