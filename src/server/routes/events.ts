import type { FastifyReply } from 'fastify'
import { z } from 'zod'
import { actorOf } from '../auth/authenticate'
import type { ChangeFeed } from '../events/change-feed'
import { ReminderFeed } from '../events/reminder-feed'
import type { RouteContext } from '../http/context'
import { answers, describe, type ZodApp } from '../http/zod-routes'

const PING_MS = 25_000

/**
 * GET /api/events/: Server-Sent Events of every committed change to a customer, an
 * order, a note or a task, by anyone, on any server sharing the database (API.md "Live
 * changes"), and the signed-in agent's own reminders as they are raised. A
 * `: ping` comment every 25 s; the stream ends when the access token expires, and the
 * client reconnects with a fresh one.
 */
export function eventRoutes(app: ZodApp, ctx: RouteContext, feed: ChangeFeed): void {
  const open = new Set<FastifyReply>()
  const reminders = new ReminderFeed(ctx.database)
  app.addHook('onReady', () => reminders.start())
  app.addHook('onClose', () => reminders.close())
  // A stream never ends on its own, and closing waits for every response in flight: a
  // shutdown ends the streams first (preClose runs before the server starts draining).
  app.addHook('preClose', (done) => {
    for (const reply of open) reply.sse.close()
    done()
  })

  app.get(
    '/api/events',
    {
      onRequest: ctx.authenticate,
      sse: { kind: 'only', heartbeat: false },
      // A compressed stream would be held back in the compressor's buffer.
      compress: false,
      schema: {
        ...describe('Live', 'Every committed change, as Server-Sent Events'),
        produces: ['text/event-stream'],
        response: answers({
          200: z
            .string()
            .describe('event: change, data: {"entity":"customer","id":7,"action":"update"}'),
        }),
      },
    },
    async (request, reply) => {
      const { id: agentId, tokenExpiresAt } = actorOf(request)
      reply.sse.keepAlive()
      reply.sse.sendHeaders()
      reply.raw.write(': ping\n\n')
      const unsubscribe = feed.subscribe((change) => {
        if (change.entity === 'agent') return
        void reply.sse.send({ event: 'change', data: change })
      })
      // One after another: a burst (a thousand due in one second) waits for the socket
      // instead of piling a drain listener per event onto it.
      let sending = Promise.resolve()
      const unsubscribeReminders = reminders.subscribe(agentId, (reminder) => {
        const data = { id: reminder.id, task: reminder.task }
        sending = sending.then(() => reply.sse.send({ event: 'reminder', data })).catch(() => {})
      })
      const ping = setInterval(() => reply.raw.write(': ping\n\n'), PING_MS)
      const expiry = setTimeout(
        () => reply.sse.close(),
        Math.max(0, tokenExpiresAt * 1000 - Date.now()),
      )
      open.add(reply)
      reply.sse.onClose(() => {
        open.delete(reply)
        unsubscribe()
        unsubscribeReminders()
        clearInterval(ping)
        clearTimeout(expiry)
      })
      await Promise.resolve()
    },
  )
}
