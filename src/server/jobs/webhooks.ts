import type { Database } from '../db/client'
import { turnOffGone } from '../repositories/webhooks'
import { checkDestination, systemResolver, type Resolver } from '../webhooks/safe-address'
import { postOnce, type PostOutcome } from '../webhooks/post'
import { signatureHeader } from '../webhooks/sign'
import {
  claimDeliveries,
  finishDelivery,
  releaseDelivery,
  type ClaimedDelivery,
  type Finish,
} from './webhook-claims'

/** Webhooks sent to at once by one server (each gets one delivery at a time). */
const IN_FLIGHT = 20
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
  /** Tests drive tick() themselves: no timer, and a finished delivery starts nothing. */
  manual?: boolean
}

export interface WebhookJob {
  /** Delivers everything due now and waits for it; answers how many attempts it made. */
  tick(): Promise<number>
  /** No attempt starts after this; one under way is dropped and its delivery given back. */
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
  signal: AbortSignal,
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
    signal,
  )
}

/**
 * Sends due webhook deliveries at start (those left by a server that stopped) and then
 * every half second, until stopped. Any number of servers may run it on one database:
 * each delivery is claimed by one (jobs/webhook-claims.ts). Up to IN_FLIGHT deliveries
 * (each to another webhook) are under way at once, each on its own: a slow receiver
 * holds its own delivery only, and a finished one makes room for the next at once.
 */
export function startWebhookJob(database: Database, options: WebhookJobOptions): WebhookJob {
  const { db } = database
  const { intervalMs = TICK_MS, onError, onFailed, manual = false } = options
  const stopping = new AbortController()
  const inFlight = new Set<Promise<void>>()
  let timer: NodeJS.Timeout | undefined
  let claiming: Promise<number> | undefined
  let again = false

  const deliver = async (delivery: ClaimedDelivery) => {
    const outcome = await attempt(delivery, options, stopping.signal)
    if (stopping.signal.aborted) return releaseDelivery(db, delivery.id)
    const finish = outcomeOf(outcome, delivery.attempts, options.retrySchedule)
    const written = await finishDelivery(db, delivery.id, finish)
    if (finish.kind === 'failed' && written) onFailed?.()
    if (finish.status === 410) await turnOffGone(db, delivery.webhookId)
  }
  const send = (delivery: ClaimedDelivery) => {
    const sending = deliver(delivery)
      .catch(onError)
      .finally(() => {
        inFlight.delete(sending)
        if (!manual) void pump().catch(onError)
      })
    inFlight.add(sending)
  }
  // Claims as many due deliveries as there is room for, and starts them; one claim runs
  // at a time, and one asked for meanwhile runs right after it.
  const claim = async () => {
    let started = 0
    do {
      again = false
      const room = IN_FLIGHT - inFlight.size
      if (room <= 0 || stopping.signal.aborted) break
      const claimed = await claimDeliveries(db, room)
      claimed.forEach(send)
      started += claimed.length
      if (claimed.length === room) again = true
    } while (again)
    return started
  }
  const pump = (): Promise<number> => {
    if (claiming) {
      again = true
      return Promise.resolve(0)
    }
    claiming = claim().finally(() => (claiming = undefined))
    return claiming
  }
  const tick = async () => {
    let total = 0
    for (;;) {
      const started = await pump()
      await Promise.all(inFlight)
      total += started
      if (started === 0 || stopping.signal.aborted) return total
    }
  }
  const loop = () => {
    void pump()
      .catch(onError)
      .finally(() => {
        if (!stopping.signal.aborted) timer = setTimeout(loop, intervalMs)
      })
  }
  if (!manual) loop()
  return {
    tick,
    stop: async () => {
      stopping.abort()
      clearTimeout(timer)
      await claiming?.catch(() => undefined)
      await Promise.all(inFlight)
    },
  }
}
