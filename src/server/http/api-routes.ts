import type { FastifyInstance } from 'fastify'
import { isApiPath } from './static'

interface Pattern {
  match: RegExp
  methods: Set<string>
}

/** `/api/customers/:id` as a pattern for a concrete path; `*` is the rest of it. */
function compile(url: string): RegExp {
  const body = withoutTrailingSlash(url)
    .split(/(:[A-Za-z0-9_]+|\*)/)
    .map((part) => {
      if (part === '*') return '.*'
      if (part.startsWith(':')) return '[^/]+'
      return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
    })
    .join('')
  return new RegExp(`^${body}$`)
}

// The router ignores one trailing slash (API.md: every path works with and without it).
const withoutTrailingSlash = (path: string) =>
  path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path

/**
 * The methods each /api path answers, learnt as routes are added (call before them): a
 * method the router has no route for on a path that has others is a 405 with `Allow`.
 */
export function trackApiRoutes(app: FastifyInstance): { methodsAt(url: string): string[] } {
  const patterns = new Map<string, Pattern>()
  app.addHook('onRoute', (route) => {
    if (!isApiPath(route.url)) return
    const key = withoutTrailingSlash(route.url)
    const pattern = patterns.get(key) ?? { match: compile(route.url), methods: new Set() }
    patterns.set(key, pattern)
    for (const method of [route.method].flat()) pattern.methods.add(method)
  })
  return {
    methodsAt(url) {
      const path = withoutTrailingSlash(url.split('?')[0] ?? '')
      const methods = new Set<string>()
      for (const { match, methods: own } of patterns.values()) {
        if (match.test(path)) for (const method of own) methods.add(method)
      }
      return [...methods].sort()
    },
  }
}
