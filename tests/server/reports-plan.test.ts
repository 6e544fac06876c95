import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { salesReportQuerySchema } from '../../src/shared/reports'
import { reportQuery } from '../../src/server/repositories/reports'
import { salesFrame } from '../../src/server/repositories/sales-frame'
import { useTestApp } from './helpers/test-app'

const s = useTestApp()

describe('the sales report reads a period, not the table', () => {
  it("reads a week's kept totals by their keys, or its orders and customers by their dates", async () => {
    const { db } = s.database
    await db.execute(sql`
      insert into customers (name, city, date_created)
      select 'Customer ' || g, 'City ' || (g % 40), now() - g * interval '15 minutes'
      from generate_series(1, 5000) g`)
    await db.execute(sql`
      insert into orders (customer_id, status, total_amount, date_created)
      select 1 + g % 5000, (array['Pending', 'Delivered'])[1 + g % 2], g % 500,
             now() - g * interval '5 minutes'
      from generate_series(1, 30000) g`)
    for (const table of ['customers', 'orders', 'sales_hours', 'sales_joined_hours'])
      await db.execute(sql`analyze ${sql.identifier(table)}`)
    const today = new Date().toISOString().slice(0, 10)
    const from = new Date(Date.now() - 6 * 86_400_000).toISOString().slice(0, 10)
    // Berlin's midnights fall on UTC hours (the kept totals); Kolkata's do not (the orders).
    for (const [tz, kept] of [
      ['Europe/Berlin', true],
      ['Asia/Kolkata', false],
    ] as const) {
      const period = salesReportQuerySchema.parse({ from, to: today, tz })
      const frame = await salesFrame(db, period)
      expect(frame.wholeHours).toBe(kept)
      const result = await db.execute(sql`explain ${reportQuery(period, frame)}`)
      const { rows } = result as { rows: Record<string, string>[] }
      const plan = rows.map((row) => Object.values(row)[0]).join('\n')
      if (kept) {
        // The kept totals through their keys; the orders only for the hours around the
        // whole days (their customers by id), the customers not by date.
        expect(plan).toContain('sales_hours_hour_status_pk')
        expect(plan).toContain('sales_joined_hours_pkey')
        expect(plan).toContain('orders_date_idx')
        expect(plan).toContain('customers_pkey')
        expect(plan).not.toContain('customers_date_idx')
        expect(plan).not.toMatch(/Seq Scan on (orders|customers)/)
      } else {
        expect(plan).toContain('orders_date_idx')
        expect(plan).toContain('customers_date_idx')
        expect(plan).not.toMatch(/Seq Scan on orders/)
        expect(plan).not.toMatch(/sales_/)
      }
    }
  })
})
