import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import type { StandardSchemaV1 } from 'ky'
import type { ListFilters } from '#shared/list-query'
import { api } from './client'
import type { ListPath } from './paths'

interface Resource<Root, ListSchema, ItemSchema> {
  /** The key root from keys.ts, so other features can refresh this one. */
  root: Root
  /** The API path from paths.ts: `GET {path}` lists, `GET {path}{id}` reads one. */
  path: ListPath
  /** The shared zod schemas every answer is checked with (STYLE rule 3). */
  listSchema: ListSchema
  itemSchema: ItemSchema
}

/** Query keys and fetchers of one API resource (STYLE rule 4): components never spell a key. */
export function resourceQueries<
  const Root extends readonly string[],
  ListSchema extends StandardSchemaV1,
  ItemSchema extends StandardSchemaV1,
>({ root, path, listSchema, itemSchema }: Resource<Root, ListSchema, ItemSchema>) {
  const lists = () => [...root, 'list'] as const
  const details = () => [...root, 'detail'] as const
  // The path is fixed per resource, so it belongs in no key; the fetchers keep it out.
  // ky leaves out filters that are undefined (and toListFilters never sets an empty search).
  const fetchList = (filters: ListFilters, signal: AbortSignal) =>
    api.get(path, { searchParams: { ...filters }, signal }).json(listSchema)
  const fetchOne = (id: number, signal: AbortSignal) =>
    api.get(`${path}${id}`, { signal }).json(itemSchema)

  return {
    all: root,
    lists,
    /** One page; a resource's own filters (the orders' `status`) ride along with the common ones. */
    list: <Filters extends ListFilters>(filters: Filters) =>
      queryOptions({
        queryKey: [...lists(), filters] as const,
        queryFn: ({ signal }) => fetchList(filters, signal),
        // Paging or searching keeps the old rows on screen until the new ones arrive.
        placeholderData: keepPreviousData,
      }),
    details,
    detail: (id: number) =>
      queryOptions({
        queryKey: [...details(), id] as const,
        queryFn: ({ signal }) => fetchOne(id, signal),
        // The record's page loader has just asked (ensureQueryData): asking again as the
        // page mounts would only repeat a 404. The next visit's loader asks afresh.
        retryOnMount: false,
      }),
  }
}
