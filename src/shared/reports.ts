import { z } from 'zod'
import { calendarDateSchema, timeZoneSchema } from './calendar'
import { addDays, DEFAULT_ZONE, spanDays, todayIn } from './days'
import { orderStatusSchema } from './order'

/** How the series is cut (API contract "Sales reports"); a week starts on Monday. */
export const REPORT_INTERVALS = ['day', 'week', 'month'] as const
export type ReportInterval = (typeof REPORT_INTERVALS)[number]

/** At most ten years, both ends counted. */
export const REPORT_MAX_DAYS = 3_653
/** The default period: the 30 days ending today. */
export const REPORT_DEFAULT_DAYS = 30

/** The interval the server picks when none is asked: day up to 62 days, week up to 366. */
export function defaultInterval(days: number): ReportInterval {
  return days <= 62 ? 'day' : days <= 366 ? 'week' : 'month'
}

const INTERVAL_MESSAGE = 'Choose day, week or month.'
const ORDER_MESSAGE = 'Choose an end date on or after the start date.'
const SPAN_MESSAGE = 'Choose a period of at most 10 years.'

/**
 * `from`, `to`, `interval`, `tz`, each optional. A missing `to` is today in `tz`, a
 * missing `from` the 30 days ending `to`; the interval follows the span unless asked.
 */
export const salesReportQuerySchema = z
  .object({
    from: calendarDateSchema.optional(),
    to: calendarDateSchema.optional(),
    interval: z.enum(REPORT_INTERVALS, { error: INTERVAL_MESSAGE }).optional(),
    tz: timeZoneSchema,
  })
  .transform((query, ctx) => {
    const tz = query.tz ?? DEFAULT_ZONE
    const to = query.to ?? todayIn(tz)
    const from = query.from ?? addDays(to, 1 - REPORT_DEFAULT_DAYS)
    const days = spanDays(from, to)
    if (days < 1) ctx.addIssue({ code: 'custom', path: ['to'], message: ORDER_MESSAGE })
    else if (days > REPORT_MAX_DAYS) {
      ctx.addIssue({ code: 'custom', path: ['from'], message: SPAN_MESSAGE })
    }
    return { from, to, interval: query.interval ?? defaultInterval(days), tz }
  })
export type SalesReportParams = z.input<typeof salesReportQuerySchema>
export type SalesReportPeriod = z.output<typeof salesReportQuerySchema>

/** Money: a decimal string with two places, rounded half up to the cent ("1234.50"). */
const amount = z.string()

const figures = {
  revenue: amount,
  orders: z.number(),
  /** revenue ÷ orders, "0.00" when there are none. */
  average_order: amount,
  /** Customers created in the period and not deleted since. */
  new_customers: z.number(),
}

const share = { orders: z.number(), revenue: amount }

export const salesReportSchema = z.object({
  from: z.string(),
  to: z.string(),
  interval: z.enum(REPORT_INTERVALS),
  tz: z.string(),
  totals: z.object(figures),
  /** The period of the same length that ends the day before `from`. */
  previous: z.object({ from: z.string(), to: z.string(), ...figures }),
  /** One entry per interval, empty ones included; the first starts at `from`. */
  series: z.array(z.object({ start: z.string(), revenue: amount, orders: z.number() })),
  by_status: z.array(z.object({ status: orderStatusSchema, ...share })),
  by_city: z.array(z.object({ city: z.string(), ...share })),
  other_cities: z.object(share),
  top_customers: z.array(z.object({ id: z.number(), name: z.string(), ...share })),
})
export type SalesReport = z.infer<typeof salesReportSchema>
export type SalesSeries = SalesReport['series']

/** The columns of the report's CSV export: the series. */
export const SALES_CSV_COLUMNS = ['start', 'orders', 'revenue'] as const
