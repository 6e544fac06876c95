import type { FastifyInstance } from 'fastify'
import { servedRoutes } from '../helpers/served-routes'

/** The part of JSON Schema the OpenAPI document uses for params, queries and bodies. */
export interface JsonSchema {
  type?: string | string[]
  properties?: Record<string, JsonSchema>
  required?: string[]
  anyOf?: JsonSchema[]
  oneOf?: JsonSchema[]
  allOf?: JsonSchema[]
  enum?: unknown[]
  format?: string
  pattern?: string
  items?: JsonSchema
  nullable?: boolean
  minLength?: number
  maxLength?: number
  minimum?: number
  maximum?: number
}

interface Parameter {
  in: string
  name: string
  schema?: JsonSchema
}

interface Operation {
  security?: unknown[]
  parameters?: Parameter[]
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> }
}

interface OpenApiDocument {
  paths: Record<string, Record<string, Operation>>
}

/** One method on one path, as the server serves it, with what its OpenAPI entry says. */
export interface Route {
  method: string
  /** OpenAPI form: `/api/customers/{id}`; a wildcard is `{*}`. */
  path: string
  /** Declared with a bearer token in the OpenAPI document. */
  signedIn: boolean
  documented: boolean
  query: { name: string; schema: JsonSchema }[]
  body: JsonSchema | undefined
}

/**
 * Every route the app serves, read from the app itself so routes added later are
 * covered without touching this corpus: the router's tree says which exist, the
 * OpenAPI document what each takes.
 */
export async function discoverRoutes(app: FastifyInstance): Promise<Route[]> {
  const res = await app.inject({ method: 'GET', url: '/api/openapi.json' })
  if (res.statusCode !== 200) throw new Error(`GET /api/openapi.json answered ${res.statusCode}`)
  const doc = res.json<OpenApiDocument>()
  const served = servedRoutes(app)
  const seen = new Set<string>()
  const routes: Route[] = []
  for (const { method, path } of served) {
    const key = `${method} ${path}`
    if (seen.has(key)) continue
    seen.add(key)
    const operation = doc.paths[path]?.[method.toLowerCase()]
    routes.push({
      method,
      path,
      signedIn: (operation?.security?.length ?? 0) > 0,
      documented: operation !== undefined,
      query: (operation?.parameters ?? [])
        .filter((p) => p.in === 'query')
        .map((p) => ({ name: p.name, schema: p.schema ?? {} })),
      body: operation?.requestBody?.content?.['application/json']?.schema,
    })
  }
  return routes
}

/** `/api/customers/{id}` with `{id}` (and a wildcard) filled in by `fill(segmentBefore)`. */
export function concretePath(path: string, fill: (resource: string) => string): string {
  const parts = path.split('/')
  return parts
    .map((part, i) => {
      if (part === '{*}') return 'index.html'
      if (!/^\{\w+\}$/.test(part)) return part
      return fill(parts[i - 1] ?? '')
    })
    .join('/')
}

export const hasPathParam = (route: Route) => /\{\w+\}/.test(route.path)

/** Customer and order writes: a Tester is refused them all (API.md "Agents and roles"). */
export const isRecordWrite = (route: Route) =>
  ['POST', 'PUT', 'PATCH', 'DELETE'].includes(route.method) &&
  /^\/api\/(customers|orders)(\/|$)/.test(route.path)
