import type { HistoryEntity } from '#shared/history'
import type { HistoryQuery } from '../../api/history'
import { listPaths } from '../../api/paths'
import {
  toListFilters,
  validateTableSearch,
  type ListRouteSearch,
  type TableSearch,
} from '../../lib/list-search'

/*
 * What the history screen keeps in its URL: `?kind=orders&agent=3&page=2`. Apart from
 * the screen so the route's validateSearch, which every page downloads, stays this small.
 */

/** The kind filter's choices in the URL, and the entity each lists. */
export const KINDS = { customers: 'customer', orders: 'order', team: 'agent' } as const
export type HistoryKind = keyof typeof KINDS

export interface HistorySearch extends TableSearch {
  kind?: HistoryKind
  /** An agent's id (Admin only): the changes they made. */
  agent?: number
}

const isKind = (value: unknown): value is HistoryKind =>
  typeof value === 'string' && Object.hasOwn(KINDS, value)

/** The entity a kind lists, undefined for all. */
const entityOf = (kind: HistoryKind | undefined): HistoryEntity | undefined => kind && KINDS[kind]

/** The history screen's URL and the page of changes it asks for. */
export const historySearch = {
  path: listPaths.history,
  validate: (raw: Record<string, unknown>): HistorySearch => {
    const agent = Number(raw.agent)
    return {
      page: validateTableSearch(raw, []).page,
      kind: isKind(raw.kind) ? raw.kind : undefined,
      agent: Number.isSafeInteger(agent) && agent > 0 ? agent : undefined,
    }
  },
  toQuery: ({ kind, agent, page }: HistorySearch): HistoryQuery => ({
    entity: entityOf(kind),
    actor: agent,
    ...toListFilters({ page }),
  }),
} satisfies ListRouteSearch<HistorySearch>
