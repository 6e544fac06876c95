import { http, type HttpHandler, type HttpResponseResolver } from 'msw'
import { requireAccess } from '../auth-check'
import { refuseTester } from './write-guard'

type Info = Parameters<HttpResponseResolver>[0]
/** A handler's own work, given the signed-in user's id once the checks have passed. */
type Resolver = (info: Info & { userId: number }) => ReturnType<HttpResponseResolver>
type Route = (path: string, resolve: Resolver) => HttpHandler

/** What every protected call checks first, in the server's order: token (401), then role (403). */
function checked(resolve: Resolver, write: boolean): HttpResponseResolver {
  return (info) => {
    const userId = requireAccess(info.request)
    if (userId instanceof Response) return userId
    return (write ? refuseTester() : undefined) ?? resolve({ ...info, userId })
  }
}

/** Calls any signed-in agent may make: a bad or expired access token gets the 401. */
export const signedIn: Record<'get' | 'post' | 'put' | 'delete', Route> = {
  get: (path, resolve) => http.get(path, checked(resolve, false)),
  post: (path, resolve) => http.post(path, checked(resolve, false)),
  put: (path, resolve) => http.put(path, checked(resolve, false)),
  delete: (path, resolve) => http.delete(path, checked(resolve, false)),
}

/** Writes: signed in, and a Tester gets the 403 before the id or the body is read. */
export const mayWrite: Record<'post' | 'put' | 'delete', Route> = {
  post: (path, resolve) => http.post(path, checked(resolve, true)),
  put: (path, resolve) => http.put(path, checked(resolve, true)),
  delete: (path, resolve) => http.delete(path, checked(resolve, true)),
}
