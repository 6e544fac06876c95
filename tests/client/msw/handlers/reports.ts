import { HttpResponse, type RequestHandler } from 'msw'
import { salesReportQuerySchema } from '../../../../src/shared/reports'
import { salesReportOf } from '../reports-data'
import { signedIn } from './signed-in'
import { parseQuery } from './write-guard'

/** API.md "Sales reports" over the in-memory store; a test adds its own with server.use. */
export const reportHandlers: RequestHandler[] = [
  signedIn.get('*/api/reports/sales/', ({ request }) => {
    const period = parseQuery(request, salesReportQuerySchema)
    if (period instanceof Response) return period
    return HttpResponse.json(salesReportOf(period))
  }),
  signedIn.get('*/api/reports/sales/export/', ({ request }) => {
    const period = parseQuery(request, salesReportQuerySchema)
    if (period instanceof Response) return period
    const rows = salesReportOf(period).series.map((s) => `${s.start},${s.orders},${s.revenue}`)
    return new HttpResponse(['start,orders,revenue', ...rows, ''].join('\n'), {
      headers: {
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': `attachment; filename="sales-${period.from}-to-${period.to}.csv"`,
      },
    })
  }),
]
