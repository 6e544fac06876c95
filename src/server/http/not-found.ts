import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { trackApiRoutes } from './api-routes'
import { NOTHING_HERE } from './errors'
import { APP_PAGE, isApiPath } from './static'

/**
 * Requests no route takes. An /api path that has routes for other methods gets 405 with
 * `Allow` naming them; any other unknown /api path a JSON 404. With the web app served,
 * any other GET is a client-side route such as /dashboard/orders and gets app.html, the
 * page without the landing page's prerendered markup (index.html serves `/` alone); a
 * missing file under /assets stays a 404 so a stale chunk fails loudly instead of parsing
 * HTML as JavaScript. Call before the routes are added: it learns their paths.
 */
export function installNotFound(app: FastifyInstance, serveWebApp: boolean) {
  const routes = trackApiRoutes(app)
  const answer = (request: FastifyRequest, reply: FastifyReply) => {
    const url = request.url
    const pageRequest = request.method === 'GET' || request.method === 'HEAD'
    if (serveWebApp && pageRequest && !isApiPath(url) && !url.startsWith('/assets/')) {
      return reply.sendFile(APP_PAGE)
    }
    const allowed = isApiPath(url) ? routes.methodsAt(url) : []
    if (allowed.length > 0) {
      return reply
        .code(405)
        .header('allow', allowed.join(', '))
        .send({ error: `${request.method} is not allowed here (allowed: ${allowed.join(', ')}).` })
    }
    return reply.code(404).send({ error: NOTHING_HERE })
  }
  // At onRequest, before the body is read: a body rule (QUERY needs a Content-Type) would
  // otherwise answer 400 first.
  app.addHook('onRequest', (request, reply, done) => {
    if (request.is404) void answer(request, reply)
    else done()
  })
  // Also reached through callNotFound (a file the static wildcard did not find).
  app.setNotFoundHandler(answer)
}
