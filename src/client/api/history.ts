import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import { historyListSchema, type HistoryEntity } from '#shared/history'
import { api } from './client'
import { queryRoots } from './keys'
import { listPaths } from './paths'

/** How many of a record's changes its page shows (newest first). */
export const RECORD_HISTORY_LIMIT = 100

/** GET history/ parameters of the history screen's pages (its search module works them out). */
export interface HistoryQuery {
  entity?: HistoryEntity
  /** An agent's id: only the changes they made. */
  actor?: number
  limit?: number
  offset?: number
}

const root = queryRoots.history

/** GET history/ (API.md "History"): the screen's pages and each record's own entries. */
export const historyQueries = {
  all: root,
  list: (query: HistoryQuery) =>
    queryOptions({
      queryKey: [...root, 'list', query] as const,
      queryFn: ({ signal }) =>
        api.get(listPaths.history, { searchParams: { ...query }, signal }).json(historyListSchema),
      placeholderData: keepPreviousData,
    }),
  /** A customer's or an order's entries, newest first: its page's history section. */
  record: (entity: 'customer' | 'order', id: number) =>
    queryOptions({
      queryKey: [...root, entity, id] as const,
      queryFn: ({ signal }) =>
        api
          .get(listPaths.history, {
            searchParams: { entity, entity_id: id, limit: RECORD_HISTORY_LIMIT },
            signal,
          })
          .json(historyListSchema),
    }),
  /**
   * A record's newest entry alone: when it is its delete, the record is still deleted
   * (the history screen's 'Restore'). A 200 either way, from the history's own index.
   */
  latest: (entity: 'customer' | 'order', id: number) =>
    queryOptions({
      queryKey: [...root, entity, id, 'latest'] as const,
      queryFn: ({ signal }) =>
        api
          .get(listPaths.history, { searchParams: { entity, entity_id: id, limit: 1 }, signal })
          .json(historyListSchema),
      select: (data) => data.History[0],
    }),
}
