import type { IncomingMessage, Server, ServerResponse } from 'node:http'
import type { FastifyBaseLogger, FastifyInstance } from 'fastify'
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod'
import { z } from 'zod'
import { errorBodySchema } from '#shared/errors'

/** The app as routes see it: request parts typed by their zod schemas. */
export type ZodApp = FastifyInstance<
  Server,
  IncomingMessage,
  ServerResponse,
  FastifyBaseLogger,
  ZodTypeProvider
>

/**
 * Every route declares its params, querystring, body and response with the shared zod
 * schemas: requests are parsed (and transformed) before the handler runs, and answers
 * are encoded through their schema, which drops any field the contract does not name.
 */
export function withZodSchemas(app: FastifyInstance): ZodApp {
  app.setValidatorCompiler(validatorCompiler)
  app.setSerializerCompiler(serializerCompiler)
  return app.withTypeProvider<ZodTypeProvider>()
}

export const noContent = z.null().describe('No content')

/** A route's answers: its own, plus the contract's error body for every 4xx and 5xx. */
export function answers<const R extends Record<number, z.ZodType>>(ok: R) {
  return { ...ok, '4xx': errorBodySchema, '5xx': errorBodySchema }
}

/**
 * A route's entry in the OpenAPI document; `signedIn` routes need a Bearer access token
 * or API key, the others say they need nothing (`security: []`).
 */
export function describe(tag: string, summary: string, { signedIn = true } = {}) {
  return { tags: [tag], summary, security: signedIn ? [{ bearerAuth: [] }] : [] }
}
