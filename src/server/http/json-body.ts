import type { FastifyInstance } from 'fastify'

/**
 * Fastify's JSON parser, except that an empty body (a DELETE sent with a JSON
 * Content-Type, say) reads as "no body" instead of failing; routes that need a body
 * then answer 400 through their schema.
 */
export function installJsonParser(app: FastifyInstance) {
  const parseJson = app.getDefaultJsonParser('error', 'error')
  app.removeContentTypeParser('application/json')
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8')
    if (text === '') {
      done(null, undefined)
      return
    }
    void parseJson(request, text, done)
  })
}
