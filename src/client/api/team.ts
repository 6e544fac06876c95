import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import { teamListSchema } from '#shared/agent'
import { PAGE_SIZE } from '../lib/list-search'
import { api } from './client'
import { queryRoots } from './keys'

/** How many agents the history screen's agent filter offers. */
const PICKER_LIMIT = 500

// Under the agents root: a role change refreshes the team and, for oneself, the role.
const root = [...queryRoots.agents, 'team'] as const

/** GET agents/ (API.md "Team", Admin only): the team screen and the history's agent filter. */
export const teamQueries = {
  all: root,
  page: (page: number) =>
    queryOptions({
      queryKey: [...root, 'page', page] as const,
      queryFn: ({ signal }) =>
        api
          .get('agents/', {
            searchParams: { limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE },
            signal,
          })
          .json(teamListSchema),
      placeholderData: keepPreviousData,
    }),
  /** Every agent by username (up to 500), for a select. */
  everyone: () =>
    queryOptions({
      queryKey: [...root, 'everyone'] as const,
      queryFn: ({ signal }) =>
        api
          .get('agents/', { searchParams: { limit: PICKER_LIMIT, ordering: 'username' }, signal })
          .json(teamListSchema),
    }),
}
