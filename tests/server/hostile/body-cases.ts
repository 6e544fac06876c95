import { FIELD_VALUES, Raw, WHOLE_BODIES, oddBodies, oddEncodings, valuesFor } from './body-values'
import type { HostileRequest } from './corpus'
import type { JsonSchema, Route } from './routes'
import { asActors, costly, JSON_TYPE, type Fixtures } from './actors'

/** A valid value for each field API.md names; a field added later gets one from its schema. */
const KNOWN: Record<string, (f: Fixtures) => unknown> = {
  name: () => 'Hostile Corpus Ltd',
  email: () => 'hostile@example.com',
  city: () => 'Lyon',
  country: () => 'France',
  phone: () => '+33 4 00 00 00 00',
  first_name: () => 'Hos',
  last_name: () => 'Tile',
  username: () => 'hostile_baseline',
  password: () => 'a-long-enough-password-9',
  current_password: () => 'not-the-current-password',
  new_password: () => 'another-long-password-7',
  confirm_new_password: () => 'another-long-password-7',
  refresh: () => 'not-a-refresh-token',
  customer: (f) => f.customerId,
  status: () => 'Pending',
  total_Amount: () => '12.50',
  total_amount: () => '12.50',
  role: () => 'Agent',
  active: () => true,
}

/** A plausible value for a field, so a hostile value in one field meets valid others. */
function sample(name: string, schema: JsonSchema, fixtures: Fixtures): unknown {
  const known = KNOWN[name]
  if (known) return known(fixtures)
  const branch = schema.anyOf?.[0] ?? schema.oneOf?.[0] ?? schema.allOf?.[0]
  if (branch) return sample(name, branch, fixtures)
  if (schema.enum?.length) return schema.enum[0]
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type
  switch (type) {
    case 'string':
      if (schema.format === 'email') return 'hostile@example.com'
      if (schema.pattern) return String(fixtures.customerId)
      return 'Hostile'
    case 'number':
    case 'integer':
      return 1
    case 'boolean':
      return true
    case 'array':
      return []
    default:
      return baseline(schema, fixtures)
  }
}

/** The route's body with every documented field plausibly filled in. */
export function baseline(
  schema: JsonSchema | undefined,
  fixtures: Fixtures,
): Record<string, unknown> {
  const body: Record<string, unknown> = {}
  for (const [name, field] of Object.entries(schema?.properties ?? {})) {
    body[name] = sample(name, field, fixtures)
  }
  return body
}

/** Each field's path with its schema, one level into nested objects (`customer.id`). */
function fieldsOf(schema: JsonSchema | undefined, prefix: string[] = []): [string[], JsonSchema][] {
  const fields: [string[], JsonSchema][] = []
  for (const [name, field] of Object.entries(schema?.properties ?? {})) {
    const path = [...prefix, name]
    fields.push([path, field])
    if (prefix.length > 0) continue
    for (const branch of [field, ...(field.anyOf ?? []), ...(field.oneOf ?? [])]) {
      if (branch.properties) fields.push(...fieldsOf(branch, path))
    }
  }
  return fields
}

/** JSON text for `body`, with every `Raw` written as its own text. */
function serialize(body: unknown): string {
  const raws: string[] = []
  const text = JSON.stringify(body, (_key, value: unknown) => {
    if (!(value instanceof Raw)) return value
    raws.push(value.text)
    return `__raw_${raws.length - 1}__`
  })
  return raws.reduce((out, raw, i) => out.replace(`"__raw_${i}__"`, () => raw), text)
}

function withField(body: Record<string, unknown>, path: string[], value: unknown) {
  const copy = structuredClone(body)
  let target: Record<string, unknown> = copy
  for (const key of path.slice(0, -1)) {
    const inner = target[key]
    target[key] = inner && typeof inner === 'object' && !Array.isArray(inner) ? inner : {}
    target = target[key] as Record<string, unknown>
  }
  const last = path[path.length - 1] ?? ''
  if (value === undefined) delete target[last]
  else target[last] = value
  return copy
}

/**
 * Every documented field set to hostile values, with the others left valid. Turn about,
 * each shared value goes to about two fields of the body (and only every other one to a
 * costly body, one field each); the values a field's own schema suggests, and leaving
 * the field out, go to every field.
 */
export function fieldCases(route: Route, fixtures: Fixtures, remember: (v: unknown) => void) {
  const valid = baseline(route.body, fixtures)
  const fields = fieldsOf(route.body)
  const stride = costly(route) ? fields.length * 2 : Math.ceil(fields.length / 2)
  const cases: HostileRequest[] = []
  let index = 0
  for (const [f, [path, schema]] of fields.entries()) {
    const shared = FIELD_VALUES.filter((_, i) => (i + f) % stride === 0)
    for (const value of [...shared, ...valuesFor(schema), undefined]) {
      remember(value)
      const payload = serialize(withField(valid, path, value))
      const note = `${path.join('.')}=${value === undefined ? '(missing)' : serialize(value).slice(0, 40)}`
      cases.push(
        ...asActors(route, fixtures, index++, () => ({ payload, headers: JSON_TYPE, note })),
      )
    }
  }
  return cases
}

/** Bodies that are not the object the route takes, and the right object in other dress. */
export function bodyCases(route: Route, fixtures: Fixtures): HostileRequest[] {
  const valid = serialize(baseline(route.body, fixtures))
  const cases: HostileRequest[] = []
  let index = 0
  for (const payload of [...WHOLE_BODIES.map((v) => JSON.stringify(v)), ...oddBodies(valid)]) {
    cases.push(...asActors(route, fixtures, index++, () => ({ payload, headers: JSON_TYPE })))
  }
  for (const { contentType, payload } of oddEncodings(valid)) {
    const headers: Record<string, string> = contentType ? { 'content-type': contentType } : {}
    cases.push(...asActors(route, fixtures, index++, () => ({ payload, headers })))
  }
  return cases
}
