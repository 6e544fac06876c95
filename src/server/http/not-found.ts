import type { FastifyInstance } from 'fastify'
import { NOTHING_HERE } from './errors'
import { APP_PAGE, isApiPath } from './static'

/**
 * Unknown `/api` paths (and unknown methods on known ones: 405 is not in API.md's
 * table) get a JSON 404. With the web app served, any other GET is a client-side
 * route such as /dashboard/orders and gets app.html, the page without the landing
 * page's prerendered markup (index.html serves `/` alone); a missing file under /assets
 * stays a 404 so a stale chunk fails loudly instead of parsing HTML as JavaScript.
 */
export function installNotFound(app: FastifyInstance, serveWebApp: boolean) {
  app.setNotFoundHandler((request, reply) => {
    const url = request.url
    const pageRequest = request.method === 'GET' || request.method === 'HEAD'
    if (serveWebApp && pageRequest && !isApiPath(url) && !url.startsWith('/assets/')) {
      return reply.sendFile(APP_PAGE)
    }
    return reply.code(404).send({ error: NOTHING_HERE })
  })
}
