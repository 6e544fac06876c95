import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import { historyListSchema, type HistoryEntity } from '../../shared/history'
import { PAGE_SIZE } from '../lib/list-search'
import { api } from './client'
import { queryRoots } from './keys'

/** How many of a record's changes its page shows (newest first). */
export const RECORD_HISTORY_LIMIT = 100

/** What the history screen asks for: a kind, an agent, a page. */
export interface HistoryFilters {
  entity?: HistoryEntity
  /** An agent's id: only the changes they made. */
  actor?: number
  page: number
}

const root = queryRoots.history

/** GET history/ (API.md "History"): the screen's pages and each record's own entries. */
export const historyQueries = {
  all: root,
  list: ({ entity, actor, page }: HistoryFilters) =>
    queryOptions({
      queryKey: [...root, 'list', { entity, actor, page }] as const,
      queryFn: ({ signal }) =>
        api
          .get('history/', {
            searchParams: { entity, actor, limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE },
            signal,
          })
          .json(historyListSchema),
      placeholderData: keepPreviousData,
    }),
  /** A customer's or an order's entries, newest first: its page's history section. */
  record: (entity: 'customer' | 'order', id: number) =>
    queryOptions({
      queryKey: [...root, entity, id] as const,
      queryFn: ({ signal }) =>
        api
          .get('history/', {
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
          .get('history/', { searchParams: { entity, entity_id: id, limit: 1 }, signal })
          .json(historyListSchema),
      select: (data) => data.History[0],
    }),
}
