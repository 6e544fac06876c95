import { sql } from 'drizzle-orm'
import type { Db } from '../db/client'

/** A delivery one server has taken, with what it needs to send it. */
export interface ClaimedDelivery {
  id: number
  webhookId: number
  attempts: number
  url: string
  secret: string
  eventId: number
  type: string
  createdAt: string
  payload: unknown
}

// Longer than an attempt can take (10 s): a server that died mid-send frees it then.
const LEASE = sql`interval '60 seconds'`

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows

/**
 * Takes up to `limit` due deliveries in ONE statement, at most one per webhook: each
 * active webhook's first pending delivery in commit order (its event's `seq`), only if
 * it is due and no server holds it. Rows other servers are locking are skipped, and the
 * lease in `locked_until` keeps them from taking it while it is being sent; so a
 * webhook's deliveries go out one at a time, in order, and each by one server.
 */
export async function claimDeliveries(db: Db, limit: number): Promise<ClaimedDelivery[]> {
  const result = await db.execute(sql`
    with heads as (
      select distinct on (d.webhook_id) d.id, d.next_attempt_at, d.locked_until
      from webhook_deliveries d
      join webhook_events e on e.id = d.event_id
      join webhooks w on w.id = d.webhook_id and w.active
      where d.status = 'pending'
      order by d.webhook_id, e.seq, d.id
    ), free as (
      select d.id from webhook_deliveries d
      where d.id in (select id from heads where next_attempt_at <= now()
          and (locked_until is null or locked_until < now()))
      limit ${limit}
      for update skip locked
    ), claimed as (
      update webhook_deliveries d set locked_until = now() + ${LEASE}
      from free where d.id = free.id and d.status = 'pending'
        and (d.locked_until is null or d.locked_until < now())
      returning d.id, d.webhook_id, d.event_id, d.attempts
    )
    select c.id::int8 as id, c.webhook_id as "webhookId", c.attempts, w.url, w.secret,
      e.id as "eventId", e.type,
      to_char(e.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "createdAt",
      e.payload
    from claimed c
    join webhooks w on w.id = c.webhook_id
    join webhook_events e on e.id = c.event_id`)
  return rowsOf<ClaimedDelivery>(result).map((row) => ({
    ...row,
    id: Number(row.id),
    eventId: Number(row.eventId),
  }))
}

/** The attempt's outcome, written only while the delivery is still pending. */
export type Finish =
  | { kind: 'delivered'; status: number }
  | { kind: 'retry'; status: number | null; error: string | null; afterSeconds: number }
  | { kind: 'failed'; status: number | null; error: string | null }

export async function finishDelivery(db: Db, id: number, finish: Finish): Promise<boolean> {
  const status = finish.status
  const result = await db.execute(sql`
    update webhook_deliveries set attempts = attempts + 1, locked_until = null,
      last_status_code = ${status},
      last_error = ${finish.kind === 'delivered' ? null : finish.error},
      status = ${finish.kind === 'retry' ? 'pending' : finish.kind},
      delivered_at = ${finish.kind === 'delivered' ? sql`now()` : null},
      next_attempt_at = ${
        finish.kind === 'retry'
          ? sql`now() + make_interval(secs => ${finish.afterSeconds})`
          : sql`next_attempt_at`
      }
    where id = ${id} and status = 'pending'
    returning id`)
  return rowsOf(result).length > 0
}

/** How many deliveries are waiting (the pending gauge). */
export async function countPending(db: Db): Promise<number> {
  const result = await db.execute(
    sql`select count(*)::int as n from webhook_deliveries where status = 'pending'`,
  )
  return rowsOf<{ n: number }>(result)[0]?.n ?? 0
}

/** Gives a claimed delivery back untried (the server is stopping): due again at once. */
export async function releaseDelivery(db: Db, id: number): Promise<void> {
  await db.execute(
    sql`update webhook_deliveries set locked_until = null where id = ${id} and status = 'pending'`,
  )
}
