import { sql } from 'drizzle-orm'
import type { AnyPgColumn } from 'drizzle-orm/pg-core'
import { MAX_ROW_ID } from '#shared/constants'

/**
 * A note or a task of a deleted customer is hidden with it (API contract "Notes",
 * "Tasks"): no deleted customer has this id. Deleted customers are few, so PostgreSQL
 * answers it as an anti-join against them; a row with no customer is shown.
 */
export const customerShown = (customerId: AnyPgColumn) =>
  sql`not exists (select 1 from customers hidden where hidden.id = ${customerId} and hidden.deleted_at is not null)`

/** `{ id, username }` of a joined agent, or null when there is none (left join). */
export const agentRef = (agent: { id: AnyPgColumn; username: AnyPgColumn }) =>
  sql<{
    id: number
    username: string
  } | null>`case when ${agent.id} is null then null else json_build_object('id', ${agent.id}, 'username', ${agent.username}) end`

/** An id that no row can have (beyond PostgreSQL's integer) matches nothing. */
export const idOrNothing = (column: AnyPgColumn, id: number) =>
  id <= MAX_ROW_ID ? sql`${column} = ${id}` : sql`false`
