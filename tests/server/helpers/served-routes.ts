import type { FastifyInstance } from 'fastify'

/**
 * `METHOD path` (in OpenAPI's `{id}` form; a wildcard as `{*}`) for every route the app
 * serves, read from Fastify's printed route tree, leaving out HEAD, which Fastify adds to
 * every GET.
 */
export function servedRoutes(app: FastifyInstance): { method: string; path: string }[] {
  const parents: string[] = []
  const routes: { method: string; path: string }[] = []
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^([│ ]*)[├└]── (\S+)(?: \(([^)]+)\))?$/.exec(line)
    if (!match) continue
    const depth = (match[1] ?? '').length / 4
    const path = (parents[depth - 1] ?? '') + (match[2] ?? '')
    parents[depth] = path
    const openApiPath = path.replace(/:(\w+)/g, '{$1}').replace(/\/?\*$/, '/{*}')
    for (const method of (match[3] ?? '').split(', ').filter(Boolean)) {
      if (method !== 'HEAD') routes.push({ method, path: openApiPath })
    }
  }
  return routes
}
