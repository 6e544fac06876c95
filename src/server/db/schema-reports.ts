import {
  date,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core'

/*
 * Sales totals kept by the database in the same transaction as every order or customer
 * change (statement triggers, migration 0020), so a sales report reads a few thousand
 * totals instead of summing every order of its period. Each counts live orders only.
 * They are derived data: `recount_sales()` works them out again from the orders (a
 * restore calls it).
 */

/** Orders per UTC hour and status: a report's series, statuses and totals in any zone whose offsets are whole hours. */
export const salesHours = pgTable(
  'sales_hours',
  {
    hour: timestamp('hour', { withTimezone: true, mode: 'string' }).notNull(),
    status: text('status').notNull(),
    orders: integer('orders').notNull(),
    revenue: numeric('revenue').notNull(),
  },
  (t) => [primaryKey({ columns: [t.hour, t.status] })],
)

/** Orders of live customers per UTC day and the customer's city ('' for none): a report's cities. */
export const salesCityDays = pgTable(
  'sales_city_days',
  {
    day: date('day', { mode: 'string' }).notNull(),
    city: text('city').notNull(),
    orders: integer('orders').notNull(),
    revenue: numeric('revenue').notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.city] })],
)

/** Live customers per UTC hour of their creation: a report's new customers. */
export const salesJoinedHours = pgTable('sales_joined_hours', {
  hour: timestamp('hour', { withTimezone: true, mode: 'string' }).primaryKey(),
  customers: integer('customers').notNull(),
})

/**
 * Each live customer's live orders in all (no foreign key: a customer removed for good
 * leaves a row of zeros). Read from the largest revenue down, it bounds what any customer
 * can have brought in a period: a report's top customers.
 */
export const salesCustomers = pgTable(
  'sales_customers',
  {
    customerId: integer('customer_id').primaryKey(),
    orders: integer('orders').notNull(),
    revenue: numeric('revenue').notNull(),
    // The UTC hour of its latest live order, or later (it never moves back; migration
    // 0020): a customer whose last hour is before a period brought nothing in it.
    lastHour: timestamp('last_hour', { withTimezone: true, mode: 'string' }),
  },
  (t) => [index('sales_customers_revenue_idx').on(t.revenue, t.customerId, t.lastHour)],
)
