import { createFileRoute } from '@tanstack/react-router'
import { CustomersPage } from '../../features/customers/customers-page'
import { customerQueries } from '../../features/customers/queries'
import { toListFilters, validateListSearch } from '../../lib/list-search'

export const Route = createFileRoute('/dashboard/customers')({
  // Loader and page share one chunk: the queries (ky, zod schemas) stay out of the route
  // tree that every page, the landing page too, downloads.
  codeSplitGroupings: [['loader', 'component']],
  // ?search=ann&page=2: the top bar's search links here, and a page can be shared.
  validateSearch: validateListSearch,
  loaderDeps: ({ search }) => search,
  // Starts the request alongside the page's code chunk. Not awaited: the page itself
  // shows the spec's spinner and 'Error: …', which a blocked or failed loader would hide.
  loader: ({ context, deps }) => {
    void context.queryClient.prefetchQuery(customerQueries.list(toListFilters(deps)))
  },
  component: CustomersRoute,
})

function CustomersRoute() {
  const { search, page } = Route.useSearch()
  const navigate = Route.useNavigate()
  return (
    <CustomersPage
      search={search ?? ''}
      page={page ?? 1}
      onSearchChange={(next) =>
        void navigate({ search: { search: next || undefined }, replace: true })
      }
      onPageChange={(next) =>
        void navigate({ search: (prev) => ({ ...prev, page: next > 1 ? next : undefined }) })
      }
    />
  )
}
