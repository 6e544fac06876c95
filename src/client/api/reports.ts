import { queryOptions } from '@tanstack/react-query'
import { salesReportSchema } from '#shared/reports'
import { api } from './client'
import { downloadExport } from './csv'
import { queryRoots } from './keys'

const all = queryRoots.reports

/** What the Reports screen asks for: a period of dates in the browser's time zone. */
export interface SalesParams {
  from: string
  to: string
  tz: string
}

/**
 * GET reports/sales/ (API contract "Sales reports"): worked out by the server, which also
 * picks the interval. Customer and order changes invalidate `all` (lib/refresh-after-change).
 */
export const reportQueries = {
  all,
  sales: (params: SalesParams) =>
    queryOptions({
      queryKey: [...all, 'sales', params] as const,
      queryFn: ({ signal }) =>
        api.get('reports/sales/', { searchParams: { ...params }, signal }).json(salesReportSchema),
    }),
}

/** 'Export CSV': the report's series, saved under the server's file name. */
export function exportSales(params: SalesParams): Promise<string> {
  return downloadExport('reports/sales', { ...params })
}
