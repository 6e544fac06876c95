import { http, HttpResponse, type RequestHandler } from 'msw'
import { requireAccess } from '../auth-check'
import { customersByCity, ordersByStatus } from '../data'

/** API.md "Statistics (added)", counted from the same in-memory store as the lists. */
export const statsHandlers: RequestHandler[] = [
  http.get('*/api/stats/customers-by-city/', ({ request }) => {
    const userId = requireAccess(request)
    if (userId instanceof Response) return userId
    return HttpResponse.json({ cities: customersByCity() })
  }),
  http.get('*/api/stats/orders-by-status/', ({ request }) => {
    const userId = requireAccess(request)
    if (userId instanceof Response) return userId
    return HttpResponse.json(ordersByStatus())
  }),
]
