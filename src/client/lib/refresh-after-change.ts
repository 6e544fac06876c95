import type { Query, QueryClient, QueryKey } from '@tanstack/react-query'
import { deletedHere } from '../api/client'
import { customerQueries } from '../api/customers'
import { historyQueries } from '../api/history'
import { noteQueries } from '../api/notes'
import { orderQueries } from '../api/orders'
import { reminderQueries } from '../api/reminders'
import { reportQueries } from '../api/reports'
import { statsQueries } from '../api/stats'
import { taskQueries } from '../api/tasks'

/** A committed change to a record: this tab's own write, or another's (live). */
export interface Change {
  entity: 'customer' | 'order' | 'note' | 'task'
  /** null for an import, which adds many records at once. */
  id: number | null
  /** create, update, delete, restore or import; any other is refreshed like an update. */
  action: string
  /** A note's customer (its events always name it). */
  customer?: number | null
}

/**
 * Marks stale exactly what a change touches; only what is on screen asks again (TanStack
 * Query refetches active queries), so a screen keeps its search, page, sort and dialogs.
 * The one place that knows it: this tab's mutations (which wait for it, so their buttons
 * stay busy until the screen is fresh) and the live stream both call it.
 */
export function refreshAfterChange(qc: QueryClient, change: Change): Promise<unknown> {
  // Every change adds a history entry: the history screen and the pages' history sections.
  const history = qc.invalidateQueries({ queryKey: historyQueries.all })
  if (change.entity === 'note') return Promise.all([history, noteChanged(qc, change)])
  if (change.entity === 'task') return Promise.all([history, taskChanged(qc)])
  return Promise.all([
    history,
    change.entity === 'customer' ? customerChanged(qc, change) : orderChanged(qc, change),
    // A sales report counts orders, their customers' cities and names, and new customers.
    qc.invalidateQueries({ queryKey: reportQueries.all }),
  ])
}

function customerChanged(qc: QueryClient, { id, action }: Change) {
  const existed = action !== 'create' && action !== 'import'
  return Promise.all([
    // Every list of customers: the screen, the palette's matches, the order form's picker.
    qc.invalidateQueries({ queryKey: customerQueries.lists() }),
    // The city chart.
    qc.invalidateQueries({ queryKey: statsQueries.all }),
    // Its page: the record and, keyed under it, its figures.
    id !== null && recordPage(qc, customerQueries.detail(id).queryKey, `customers/${id}`, action),
    // Order rows and order pages show its name ('Unknown Customer' once deleted). A list
    // sorted or searched by name can gain or lose rows, so every order list goes; pages
    // only where they show this customer (or none, which a restore re-links).
    existed && qc.invalidateQueries({ queryKey: orderQueries.lists() }),
    id !== null &&
      existed &&
      qc.invalidateQueries({
        queryKey: orderQueries.details(),
        predicate: (query) => showsCustomer(query, id, action === 'restore'),
      }),
  ])
}

function orderChanged(qc: QueryClient, { id, action }: Change) {
  return Promise.all([
    // The orders screen, a customer page's orders, the palette's matches.
    qc.invalidateQueries({ queryKey: orderQueries.lists() }),
    // The status chart.
    qc.invalidateQueries({ queryKey: statsQueries.all }),
    id !== null && recordPage(qc, orderQueries.detail(id).queryKey, `orders/${id}`, action),
    // The event names the order, not its customer (before or after an edit): every
    // customer's figures are marked stale, and only the customer page on screen asks again.
    qc.invalidateQueries({ queryKey: customerQueries.details(), predicate: isSummary }),
  ])
}

/** The notes lists, and the customer's 'Last contacted' (its summary). */
function noteChanged(qc: QueryClient, { customer }: Change) {
  return Promise.all([
    qc.invalidateQueries({ queryKey: noteQueries.all }),
    typeof customer === 'number'
      ? qc.invalidateQueries({ queryKey: customerQueries.summary(customer).queryKey })
      : qc.invalidateQueries({ queryKey: customerQueries.details(), predicate: isSummary }),
  ])
}

/**
 * Task lists, counts (the navigation badge), the reminders that show a task, and the
 * customers' 'Next follow-up' (lists, pages and figures: the event names no customer).
 */
function taskChanged(qc: QueryClient) {
  return Promise.all([
    qc.invalidateQueries({ queryKey: taskQueries.all }),
    qc.invalidateQueries({ queryKey: reminderQueries.all }),
    qc.invalidateQueries({ queryKey: customerQueries.all }),
  ])
}

/** Everything the stream keeps fresh: after a gap in the stream, changes may have been missed. */
export function refreshAllLive(qc: QueryClient): Promise<unknown> {
  return Promise.all(
    [
      customerQueries.all,
      orderQueries.all,
      statsQueries.all,
      historyQueries.all,
      reportQueries.all,
      noteQueries.all,
      taskQueries.all,
      reminderQueries.all,
    ].map((queryKey) => qc.invalidateQueries({ queryKey })),
  )
}

/**
 * A record's page. One this tab has just deleted is on its way back to the list: only
 * marked stale, as the delete's own refresh does, so it does not flash 'not found'.
 * Anyone else's delete is asked again at once, and the page then says it is gone.
 */
function recordPage(qc: QueryClient, queryKey: QueryKey, path: string, action: string) {
  const ownDelete = action === 'delete' && deletedHere(path)
  return qc.invalidateQueries({ queryKey, refetchType: ownDelete ? 'none' : 'active' })
}

function showsCustomer(query: Query, id: number, orNone: boolean): boolean {
  const order = query.state.data as { customer?: number | null } | undefined
  return order?.customer === id || (orNone && order?.customer === null)
}

const isSummary = (query: Query) => query.queryKey.at(-1) === 'summary'
