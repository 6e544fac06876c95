import { PassThrough } from 'node:stream'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { z } from 'zod'
import { actorOf } from '../auth/authenticate'
import { backupFileName } from '../backup/format'
import { writeBackup } from '../backup/write'
import type { RouteContext } from '../http/context'
import { forbidden } from '../http/errors'
import { answers, describe, type ZodApp } from '../http/zod-routes'

function adminOnly(request: FastifyRequest): Promise<void> {
  if (actorOf(request).role === 'Admin') return Promise.resolve()
  return Promise.reject(forbidden('Only an Admin may download a backup.'))
}

function sendFile(reply: FastifyReply, body: NodeJS.ReadableStream): void {
  void reply
    .type('application/gzip')
    .header('content-disposition', `attachment; filename="${backupFileName()}"`)
    .send(body)
}

/** GET /api/backup/: the backup file of everything, streamed as it is read (Admin only). */
export function backupRoutes(app: ZodApp, ctx: RouteContext): void {
  app.get(
    '/api/backup',
    {
      onRequest: [ctx.authenticate, adminOnly],
      schema: {
        ...describe(
          'Backup',
          'Download a backup of everything, read in one consistent snapshot (Admin only)',
        ),
        produces: ['application/gzip'],
        response: answers({ 200: z.string().describe('The backup file (gzip)') }),
      },
    },
    (request, reply) => {
      const body = new PassThrough()
      // The snapshot is read while the file is sent; an error half way ends the download
      // short, which the file's missing trailer shows on restore.
      writeBackup(ctx.database, body).catch((error: unknown) => {
        request.log.error({ err: error }, 'backup failed')
        body.destroy(error instanceof Error ? error : new Error(String(error)))
      })
      sendFile(reply, body)
    },
  )
}
