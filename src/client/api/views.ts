import { queryOptions } from '@tanstack/react-query'
import { viewListSchema, type ViewScreen } from '#shared/views'
import { api } from './client'
import { queryRoots } from './keys'

const root = queryRoots.views

/** GET views/?screen= (API contract "Saved views"): one's own views and those shared. */
export const viewQueries = {
  all: root,
  screen: (screen: ViewScreen) =>
    queryOptions({
      queryKey: [...root, screen] as const,
      queryFn: ({ signal }) =>
        api.get('views/', { searchParams: { screen }, signal }).json(viewListSchema),
    }),
}
