import { queryOptions } from '@tanstack/react-query'
import { reminderListSchema } from '#shared/reminders'
import { api } from './client'

/** How many reminders the bell's panel lists, newest first. */
export const PANEL_REMINDERS = 50

const root = ['reminders'] as const

/** GET reminders/ (API contract "Reminders"): the bell's badge and panel. */
export const reminderQueries = {
  all: root,
  list: () =>
    queryOptions({
      queryKey: [...root, 'list'] as const,
      queryFn: ({ signal }) =>
        api
          .get('reminders/', { searchParams: { limit: PANEL_REMINDERS }, signal })
          .json(reminderListSchema),
    }),
}
