/**
 * The generated OpenAPI 3.0 document made fit for client generators (and for Redocly's
 * recommended rules): every operation gets an operationId, and the schemas zod's JSON
 * Schema gives are tidied where 3.0 reads them otherwise (a `nullable` beside `anyOf`
 * without a `type`, an `anyOf` of one schema, of empty or of duplicate schemas).
 */

type Schema = Record<string, unknown>
type Operation = Record<string, unknown>
const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace']

const isObject = (value: unknown): value is Schema =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

const capital = (word: string) => word.charAt(0).toUpperCase() + word.slice(1)
const camel = (text: string) =>
  text
    .split(/[^A-Za-z0-9]+/)
    .map(capital)
    .join('')

/** `GET /api/webhooks/{id}/deliveries` → `getWebhooksByIdDeliveries`: unique, stable. */
export function operationIdOf(method: string, path: string): string {
  const words = path
    .replace(/^\/api\//, '')
    .split('/')
    .filter(Boolean)
    .map((segment) => {
      const param = /^\{(.+)\}$/.exec(segment)
      return param?.[1] ? `By${camel(param[1])}` : camel(segment)
    })
  return `${method.toLowerCase()}${words.join('')}`
}

/** One `anyOf` branch as its own schema, with `nullable` if the whole was nullable. */
function withNullable(schema: Schema, nullable: boolean): Schema {
  if (!nullable || Object.keys(schema).length === 0) return schema
  if (Array.isArray(schema.anyOf)) {
    return { ...schema, anyOf: schema.anyOf.map((branch) => withNullable(branch as Schema, true)) }
  }
  return { ...schema, nullable: true }
}

function tidyAnyOf(schema: Schema): Schema {
  const { anyOf, nullable, ...rest } = schema
  if (!Array.isArray(anyOf)) return schema
  // Nested anyOf without siblings flattens; an empty branch matches anything.
  const branches = (anyOf as Schema[]).flatMap((branch) =>
    Array.isArray(branch.anyOf) && Object.keys(branch).length === 1
      ? (branch.anyOf as Schema[])
      : [branch],
  )
  if (branches.some((branch) => Object.keys(branch).length === 0)) return rest
  const unique = [...new Map(branches.map((branch) => [JSON.stringify(branch), branch])).values()]
  const isNullable = nullable === true
  if (unique.length === 1 && unique[0]) {
    const only = unique[0]
    const clash = Object.keys(only).some((key) => key in rest)
    if (!clash) return withNullable({ ...rest, ...only }, isNullable)
  }
  return { ...rest, anyOf: unique.map((branch) => withNullable(branch, isNullable)) }
}

/** Tidies every schema in `value`, bottom up. */
function tidy(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(tidy)
  if (!isObject(value)) return value
  const tidied = Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, tidy(inner)]))
  return tidyAnyOf(tidied)
}

/** The document with operationIds and tidy schemas (a new object; the input is kept). */
export function tidyOpenApi<T extends { paths?: unknown }>(document: T): T {
  const tidied = tidy(document) as T & { paths?: Record<string, Record<string, Operation>> }
  for (const [path, operations] of Object.entries(tidied.paths ?? {})) {
    for (const [method, operation] of Object.entries(operations)) {
      if (METHODS.includes(method) && isObject(operation)) {
        operation.operationId ??= operationIdOf(method, path)
      }
    }
  }
  return tidied
}
