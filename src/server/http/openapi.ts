import fastifySwagger from '@fastify/swagger'
import fastifySwaggerUi from '@fastify/swagger-ui'
import type { FastifyInstance } from 'fastify'
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod'
import { tidyOpenApi } from './openapi-tidy'

/**
 * Collects every route registered after it into an OpenAPI 3 document, published at
 * GET /api/openapi.json and as reference pages at /api/docs (API.md "General"), both
 * without a token. Register before the routes: it learns them as they are added.
 */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Rapport CRM API',
        description:
          'Customers, orders, follow-ups, reports and their administration. Every route ' +
          'except login, register, token refresh, health and these docs needs ' +
          '`Authorization: Bearer <access token>` (from POST /api/users/token/) or ' +
          '`Authorization: Bearer rk_…` (an API key an Admin created). Errors are ' +
          '`{ error, fields? }`.',
        version: '1',
        license: { name: 'MIT', url: 'https://opensource.org/licenses/MIT' },
      },
      // Relative: the document describes the server that serves it.
      servers: [{ url: '/', description: 'This server' }],
      components: {
        securitySchemes: {
          bearerAuth: {
            type: 'http',
            scheme: 'bearer',
            description:
              'An access token (a JWT from POST /api/users/token/) or an API key (rk_…).',
          },
        },
      },
      // Signed in unless an operation says otherwise (`security: []`).
      security: [{ bearerAuth: [] }],
    },
    transform: jsonSchemaTransform,
    transformObject: (input) => tidyOpenApi(jsonSchemaTransformObject(input)),
  })
  await app.register(fastifySwaggerUi, {
    routePrefix: '/api/docs',
    uiConfig: { docExpansion: 'list', deepLinking: true },
    // Its own page carries a CSP that allows exactly its scripts and styles (over http
    // too: upgrading its requests to https would break it on a plain-http server).
    staticCSP: true,
    // Swagger UI sets a few inline styles; its scripts stay hash-listed.
    transformStaticCSP: (header) =>
      header
        .replace(/\s*upgrade-insecure-requests;?/, '')
        .replace(/style-src [^;]*/, "style-src 'self' 'unsafe-inline'"),
  })
  app.get('/api/openapi.json', { schema: { hide: true } }, () => app.swagger())
}
