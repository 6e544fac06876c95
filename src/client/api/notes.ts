import { queryOptions } from '@tanstack/react-query'
import { noteListSchema } from '#shared/notes'
import { api } from './client'

/** Whose notes: a customer's (all of them, its orders' too) or one order's. */
export type NoteTarget = { customer: number } | { order: number }

/** How many notes a page shows, newest first. */
export const PAGE_NOTES = 100

const root = ['notes'] as const

/** GET notes/ (API contract "Notes"): the Notes section of a customer or an order page. */
export const noteQueries = {
  all: root,
  forRecord: (target: NoteTarget) =>
    queryOptions({
      queryKey: [...root, 'list', target] as const,
      queryFn: ({ signal }) =>
        api
          .get('notes/', { searchParams: { ...target, limit: PAGE_NOTES }, signal })
          .json(noteListSchema),
    }),
}
