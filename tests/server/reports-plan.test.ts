import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { salesReportQuerySchema } from '../../src/shared/reports'
import { reportQuery } from '../../src/server/repositories/reports'
import { useTestApp } from './helpers/test-app'

const s = useTestApp()

describe('the sales report reads a period, not the table', () => {
  it("reads a short period's orders and new customers through the date indexes", async () => {
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
    await db.execute(sql`analyze customers`)
    await db.execute(sql`analyze orders`)
    const period = salesReportQuerySchema.parse({ from: '2026-01-01', to: '2026-01-07' })
    const result = await db.execute(sql`explain ${reportQuery(period)}`)
    const { rows } = result as { rows: Record<string, string>[] }
    const plan = rows.map((row) => Object.values(row)[0]).join('\n')
    expect(plan).toContain('orders_date_idx')
    expect(plan).toContain('customers_date_idx')
    expect(plan).not.toMatch(/Seq Scan on orders/)
  })
})
