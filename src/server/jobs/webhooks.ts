import type { Database } from '../db/client'
import { turnOffGone } from '../repositories/webhooks'
import { checkDestination, systemResolver, type Resolver } from '../webhooks/safe-address'
import { postOnce, type PostOutcome } from '../webhooks/post'
import { signatureHeader } from '../webhooks/sign'
import {
  claimDeliveries,
  finishDelivery,
  type ClaimedDelivery,
  type Finish,
} from './webhook-claims'

/** Webhooks sent to at once by one server (each gets one delivery at a time). */
const BATCH = 20
const TICK_MS = 500
/** API contract: an answer 2xx within 10 seconds is delivered. */
export const DELIVERY_TIMEOUT_MS = 10_000

export interface WebhookJobOptions {
  /** CRM_WEBHOOK_RETRY_SCHEDULE: seconds before each retry. */
  retrySchedule: number[]
  /** CRM_WEBHOOK_ALLOW_PRIVATE. */
  allowPrivate: boolean
  /** Names a host's addresses (tests inject one); DNS by default. */
  resolve?: Resolver
  intervalMs?: number
  timeoutMs?: number
  /** Told of a tick that failed (the database away): the next tick tries again. */
  onError?: (error: unknown) => void
  /** Told of each delivery that ended failed (the failed counter). */
  onFailed?: () => void
}

export interface WebhookJob {
  /** Delivers everything due now, as each tick does; answers how many attempts it made. */
  tick(): Promise<number>
  /** No attempt starts after this; resolves once the running ones have finished. */
  stop(): Promise<void>
}

/** What an attempt's outcome does to the delivery, by the retry schedule. */
export function outcomeOf(
  outcome: PostOutcome,
  attemptsBefore: number,
  schedule: number[],
): Finish {
  const status = 'status' in outcome ? outcome.status : null
  const error = 'error' in outcome ? outcome.error : `The receiver answered ${outcome.status}.`
  if (status !== null && status >= 200 && status < 300) return { kind: 'delivered', status }
  const retryIn = schedule[attemptsBefore]
  if (status === 410 || retryIn === undefined) return { kind: 'failed', status, error }
  return { kind: 'retry', status, error, afterSeconds: retryIn }
}

async function attempt(
  delivery: ClaimedDelivery,
  options: WebhookJobOptions,
): Promise<PostOutcome> {
  const body = JSON.stringify({
    id: delivery.eventId,
    type: delivery.type,
    created_at: delivery.createdAt,
    data: delivery.payload,
  })
  let destination
  try {
    destination = await checkDestination(delivery.url, {
      allowPrivate: options.allowPrivate,
      resolve: options.resolve ?? systemResolver,
    })
  } catch (error) {
    return { error: (error as Error).message }
  }
  const headers = {
    'content-type': 'application/json',
    'user-agent': 'Rapport-CRM-Webhooks/1',
    'x-rapport-event': delivery.type,
    'x-rapport-delivery': String(delivery.id),
    'x-rapport-signature': signatureHeader(delivery.secret, body, Math.floor(Date.now() / 1000)),
  }
  return postOnce(
    delivery.url,
    destination,
    body,
    headers,
    options.timeoutMs ?? DELIVERY_TIMEOUT_MS,
  )
}

/**
 * Sends due webhook deliveries at start (those left by a server that stopped) and then
 * every half second, until stopped. Any number of servers may run it on one database:
 * each delivery is claimed by one (jobs/webhook-claims.ts).
 */
export function startWebhookJob(database: Database, options: WebhookJobOptions): WebhookJob {
  const { db } = database
  const { intervalMs = TICK_MS, onError, onFailed } = options
  let stopped = false
  let timer: NodeJS.Timeout | undefined
  let running: Promise<unknown> = Promise.resolve()

  const deliver = async (delivery: ClaimedDelivery) => {
    const finish = outcomeOf(
      await attempt(delivery, options),
      delivery.attempts,
      options.retrySchedule,
    )
    const written = await finishDelivery(db, delivery.id, finish)
    if (finish.kind === 'failed' && written) onFailed?.()
    if (finish.status === 410) await turnOffGone(db, delivery.webhookId)
  }
  const tick = async () => {
    let total = 0
    while (!stopped) {
      const claimed = await claimDeliveries(db, BATCH)
      if (claimed.length === 0) break
      await Promise.all(claimed.map(deliver))
      total += claimed.length
    }
    return total
  }
  const loop = () => {
    running = tick()
      .catch(onError)
      .finally(() => {
        if (!stopped) timer = setTimeout(loop, intervalMs)
      })
  }
  loop()
  return {
    tick,
    stop: async () => {
      stopped = true
      clearTimeout(timer)
      await running
    },
  }
}
