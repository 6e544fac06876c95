import type { Socket } from 'node:net'
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { ErrorBody } from '#shared/errors'
import { UNKNOWN_CUSTOMER } from '#shared/order'

/** An error a handler throws to answer with `status` and `{ error, fields? }`. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly fields?: Record<string, string>,
    readonly headers?: Record<string, string>,
  ) {
    super(message)
    this.name = 'HttpError'
  }
}

/** The answer to an address with nothing behind it (API.md: JSON, never the web page). */
export const NOTHING_HERE = 'There is nothing at this address.'

export const notFound = (what = 'record') => new HttpError(404, `No such ${what}.`)
/** `value`, or a 404 naming `what` when the repository found nothing. */
export function found<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw notFound(what)
  return value
}

export const forbidden = (message = 'You are not allowed to do this.') =>
  new HttpError(403, message)
export const unauthorized = (message = 'Authentication is required.') => new HttpError(401, message)

// PostgreSQL's foreign-key violation: the only client-reachable one is an order's customer.
const FOREIGN_KEY_VIOLATION = '23503'

/** Fastify's own 4xx errors, reworded as one human sentence each. */
const FASTIFY_MESSAGES: Record<string, [number, string]> = {
  FST_ERR_CTP_BODY_TOO_LARGE: [
    413,
    'The request body is too large (the limit is 1 MiB, and 50 MiB for a CSV import).',
  ],
  // 415 is not in API.md's table: a body we cannot read is a bad request.
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [400, 'The request body must be JSON.'],
  FST_ERR_CTP_EMPTY_JSON_BODY: [400, 'The request body is empty.'],
  FST_ERR_CTP_INVALID_JSON_BODY: [400, 'The request body is not valid JSON.'],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: [400, 'The Content-Length header does not match the body.'],
}

export function databaseCode(error: unknown): string | undefined {
  // drizzle wraps driver errors in DrizzleQueryError with the driver's error as `cause`.
  for (let e: unknown = error, depth = 0; e && depth < 3; depth++) {
    const code = (e as { code?: unknown }).code
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code
    e = (e as { cause?: unknown }).cause
  }
  return undefined
}

/**
 * A request part refused by its route schema, as `{ field: message }` (first message per
 * field); the part as a whole (a body that is not an object) is `_`.
 */
function validationAnswer(error: FastifyError): { status: number; body: ErrorBody } {
  const fields: Record<string, string> = {}
  for (const issue of error.validation ?? []) {
    const key = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || '_'
    fields[key] ??= issue.message ?? 'is not valid'
  }
  const wholeBody = error.validationContext === 'body' && Object.keys(fields).join() === '_'
  const message = wholeBody
    ? 'The request body must be a JSON object.'
    : 'Some fields are not valid.'
  return { status: 400, body: { error: message, fields } }
}

// Node's errors when the database's host refuses, drops or never answers the connection.
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
])
// node-postgres words a lost or never-made connection in its message only.
const LOST_CONNECTION =
  /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Connection ended/i

/**
 * The database cannot be reached (API.md: 503 with Retry-After, never 500): a network
 * error, a lost connection, SQLSTATE class 08 (connection), 53300 (too many clients),
 * 57P0x (shutting down or starting) or 57014 (cancelled by the statement timeout).
 */
export function isDatabaseOutage(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 4; depth++) {
    const { code, message } = e as { code?: unknown; message?: unknown }
    if (typeof code === 'string') {
      if (NETWORK_CODES.has(code) || /^(08|57P0)/.test(code)) return true
      if (code === '53300' || code === '57014') return true
    }
    if (typeof message === 'string' && LOST_CONNECTION.test(message)) return true
    e = (e as { cause?: unknown }).cause
  }
  return false
}

const RETRY_AFTER_S = '5'

function toAnswer(error: FastifyError | Error): { status: number; body: ErrorBody } {
  if ('validation' in error && Array.isArray(error.validation)) return validationAnswer(error)
  if (isDatabaseOutage(error)) {
    return { status: 503, body: { error: 'The database is not answering. Try again shortly.' } }
  }
  if (error instanceof HttpError) {
    return {
      status: error.status,
      body: error.fields
        ? { error: error.message, fields: error.fields }
        : { error: error.message },
    }
  }
  const code = (error as FastifyError).code
  const known = code ? FASTIFY_MESSAGES[code] : undefined
  if (known) return { status: known[0], body: { error: known[1] } }
  if (databaseCode(error) === FOREIGN_KEY_VIOLATION) {
    return {
      status: 400,
      body: { error: 'The customer does not exist.', fields: { customer: UNKNOWN_CUSTOMER } },
    }
  }
  // Class 22 is PostgreSQL's "data exception" (a value out of range, say): the input was
  // bad, not the server. Validation should stop these first; this is the backstop.
  if (databaseCode(error)?.startsWith('22')) {
    return { status: 400, body: { error: 'The request is not valid.' } }
  }
  const status = (error as FastifyError).statusCode
  if (error instanceof SyntaxError && status === 400) {
    return { status: 400, body: { error: 'The request body is not valid JSON.' } }
  }
  if (typeof status === 'number' && status >= 400 && status < 500) {
    // 404/405 from the router or static files; anything else 4xx is a bad request.
    if (status === 404 || status === 405) return { status: 404, body: { error: NOTHING_HERE } }
    if (status === 401 || status === 403 || status === 413 || status === 429) {
      return { status, body: { error: 'The request was refused.' } }
    }
    return { status: 400, body: { error: 'The request is not valid.' } }
  }
  return { status: 500, body: { error: 'Internal server error' } }
}

/** What a 5xx logs: the driver's message, never drizzle's wrapper (it lists query params). */
function loggable(error: Error) {
  const cause = (error as { cause?: unknown }).cause
  const inner = cause instanceof Error ? cause : error
  return { type: inner.name, code: databaseCode(error), message: inner.message, stack: inner.stack }
}

/** The one error path: 4xx as `{ error, fields? }`, 5xx with nothing about the cause. */
export function installErrorHandler(app: FastifyInstance) {
  app.setErrorHandler(
    (error: FastifyError | Error, request: FastifyRequest, reply: FastifyReply) => {
      const { status, body } = toAnswer(error)
      if (status === 503) {
        request.log.warn({ err: loggable(error) }, 'database unavailable')
        reply.header('retry-after', RETRY_AFTER_S)
      } else if (status >= 500) request.log.error({ err: loggable(error) }, 'request failed')
      else if (databaseCode(error))
        request.log.warn({ err: loggable(error) }, 'input refused by the database')
      if (error instanceof HttpError && error.headers) reply.headers(error.headers)
      return reply.code(status).type('application/json; charset=utf-8').send(body)
    },
  )
}

/**
 * Errors the router raises before any route runs (a malformed %-escape, an overlong
 * path segment). Fastify's own answer would carry its code and the path: keep to
 * `{ error }` and to the statuses in API.md's table.
 */
export function answerFrameworkError(
  error: FastifyError,
  _request: FastifyRequest,
  reply: FastifyReply,
) {
  const [status, message] =
    error.code === 'FST_ERR_MAX_PARAM_LENGTH'
      ? [404, NOTHING_HERE]
      : [400, 'The address is not valid.']
  void reply.code(status).type('application/json; charset=utf-8').send({ error: message })
}

/**
 * What Node's HTTP parser refuses before Fastify sees a request (an unknown method such as
 * `FOO`, a broken request line, oversized headers): still the contract's `{ error }`.
 */
export function answerClientError(error: { code?: string }, socket: Socket): void {
  if (!socket.writable) return
  const message =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? 'The request headers are too large.'
      : 'The request is not valid HTTP.'
  const body = JSON.stringify({ error: message })
  socket.end(
    'HTTP/1.1 400 Bad Request\r\n' +
      'Content-Type: application/json; charset=utf-8\r\n' +
      `Content-Length: ${Buffer.byteLength(body)}\r\n` +
      'Connection: close\r\n\r\n' +
      body,
  )
}
