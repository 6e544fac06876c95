import type { FastifyInstance } from 'fastify'
import { IMPORT_MAX_BYTES } from '#shared/csv'
import { HttpError } from './errors'

/**
 * `text/csv` bodies (CSV imports) arrive as text, up to 50 MiB; bytes that are not UTF-8
 * are refused here with a sentence a person can act on.
 */
export function installCsvParser(app: FastifyInstance): void {
  app.addContentTypeParser(
    ['text/csv', 'application/csv'],
    { parseAs: 'buffer', bodyLimit: IMPORT_MAX_BYTES },
    (_request, body, done) => {
      try {
        done(null, new TextDecoder('utf-8', { fatal: true }).decode(body as Buffer))
      } catch {
        done(
          new HttpError(400, 'The file is not UTF-8 text: save it as CSV (UTF-8) and try again.'),
          undefined,
        )
      }
    },
  )
}
