import { HttpResponse, type RequestHandler } from 'msw'
import { customersByCity, ordersByStatus } from '../data'
import { signedIn } from './signed-in'

/** API.md "Statistics (added)", counted from the same in-memory store as the lists. */
export const statsHandlers: RequestHandler[] = [
  signedIn.get('*/api/stats/customers-by-city/', () => {
    return HttpResponse.json({ cities: customersByCity() })
  }),
  signedIn.get('*/api/stats/orders-by-status/', () => {
    return HttpResponse.json(ordersByStatus())
  }),
]
