import { infiniteQueryOptions, keepPreviousData, queryOptions } from '@tanstack/react-query'
import { taskCountsSchema, taskListSchema, taskSchema, type TaskDue } from '#shared/tasks'
import { api } from './client'

/** The browser's own zone: the due buckets' days are the person's days (API contract). */
export const browserZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone

/** GET tasks/ parameters the screens use. */
export interface TaskQuery {
  due?: TaskDue
  done?: boolean
  assignee?: 'me' | 'all' | number
  customer?: number
  order?: number
  ordering?: '-done_at'
  limit?: number
  offset?: number
}

const root = ['tasks'] as const

/** How many open tasks a customer's or an order's Tasks section shows. */
const RECORD_TASKS = 100

/** One page of tasks (a record's Tasks section asks one). */
const list = (query: TaskQuery) =>
  queryOptions({
    queryKey: [...root, 'list', query] as const,
    queryFn: ({ signal }) =>
      api
        .get('tasks/', {
          searchParams: { ...query, done: query.done?.toString(), tz: browserZone() },
          signal,
        })
        .json(taskListSchema),
    placeholderData: keepPreviousData,
  })

/** GET tasks/, tasks/counts/ and tasks/{id}/ (API contract "Tasks"). */
export const taskQueries = {
  all: root,
  lists: () => [...root, 'list'] as const,
  /** A customer's or an order's open tasks: its page's Tasks section. */
  forRecord: (target: { customer: number } | { order: number }) =>
    list({ ...target, due: 'open', limit: RECORD_TASKS }),
  /**
   * The Tasks screen: a segment's tasks a page at a time ('Load more'). Under `lists()`,
   * so every task change refreshes it; offsets, so a refresh asks each loaded page again.
   */
  pages: (query: TaskQuery & { limit: number }) =>
    infiniteQueryOptions({
      queryKey: [...root, 'list', 'pages', query] as const,
      queryFn: ({ pageParam, signal }) =>
        api
          .get('tasks/', {
            searchParams: {
              ...query,
              done: query.done?.toString(),
              offset: pageParam,
              tz: browserZone(),
            },
            signal,
          })
          .json(taskListSchema),
      initialPageParam: 0,
      getNextPageParam: (last, pages) =>
        last.next === null ? undefined : pages.reduce((sum, page) => sum + page.Tasks.length, 0),
      placeholderData: keepPreviousData,
    }),
  /** The Tasks screen's segment counts, and the navigation badge (`me`). */
  counts: (assignee: 'me' | 'all') =>
    queryOptions({
      queryKey: [...root, 'counts', assignee] as const,
      queryFn: ({ signal }) =>
        api
          .get('tasks/counts/', { searchParams: { assignee, tz: browserZone() }, signal })
          .json(taskCountsSchema),
    }),
  detail: (id: number) =>
    queryOptions({
      queryKey: [...root, 'detail', id] as const,
      queryFn: ({ signal }) => api.get(`tasks/${id}/`, { signal }).json(taskSchema),
    }),
}
