import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import type { ListFilters } from '../../shared/list-query'
import { api } from './api'
import { toSearchParams } from './list-search'

/** A shared zod schema, seen only as the parse every answer goes through (STYLE rule 3). */
interface Schema<T> {
  parse: (data: unknown) => T
}

interface Resource<Root, List, Item> {
  /** The key root from query-keys.ts, so other features can refresh this one. */
  root: Root
  /** The API path: `GET {path}/` lists, `GET {path}/{id}` reads one. */
  path: string
  listSchema: Schema<List>
  itemSchema: Schema<Item>
}

/** Query keys and fetchers of one API resource (STYLE rule 4): components never spell a key. */
export function resourceQueries<const Root extends readonly string[], List, Item>({
  root,
  path,
  listSchema,
  itemSchema,
}: Resource<Root, List, Item>) {
  const lists = () => [...root, 'list'] as const
  const details = () => [...root, 'detail'] as const
  // The path is fixed per resource, so it belongs in no key; the fetchers keep it out.
  const fetchList = async (filters: ListFilters, signal: AbortSignal) =>
    listSchema.parse(
      await api.get(`${path}/`, { searchParams: toSearchParams(filters), signal }).json(),
    )
  const fetchOne = async (id: number, signal: AbortSignal) =>
    itemSchema.parse(await api.get(`${path}/${id}`, { signal }).json())

  return {
    all: root,
    lists,
    list: (filters: ListFilters) =>
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
      }),
  }
}
