import {
  IDS,
  ODD_HEADERS,
  ODD_METHODS,
  ODD_QUERIES,
  PATH_SUFFIXES,
  QUERY_VALUES,
  STATIC_TRAVERSALS,
  queryShapes,
} from './address-values'
import { baseline } from './body-cases'
import type { HostileRequest } from './corpus'
import type { ForgedToken } from './forged-tokens'
import { concretePath, hasPathParam, type Route } from './routes'
import { actorsFor, asActors, costly, idFor, JSON_TYPE, urlFor, type Fixtures } from './actors'

/** The longest token the contract's schemas take (refresh: at most 4,096 characters). */
const MAX_TOKEN_LENGTH = 4_096

const CLIENT_ERRORS = Array.from({ length: 100 }, (_, i) => 400 + i)

/** Every path parameter replaced by every odd id, for each method on the path. */
export function idCases(route: Route, fixtures: Fixtures): HostileRequest[] {
  if (!hasPathParam(route)) return []
  const valid = JSON.stringify(baseline(route.body, fixtures))
  return IDS.flatMap((id, index) =>
    actorsFor(route, index).map((as) => ({
      method: route.method,
      url: concretePath(route.path, () => id),
      as,
      // None of these names a record: refused, whoever asks.
      expect: CLIENT_ERRORS,
      ...(route.body ? { payload: valid, headers: JSON_TYPE } : {}),
    })),
  )
}

/**
 * Each documented query parameter with odd values and in odd shapes; and odd queries
 * that are no parameter's, each on every other route (`turn` is the route's place).
 */
export function queryCases(route: Route, fixtures: Fixtures, turn: number): HostileRequest[] {
  const queries = [
    ...route.query.flatMap(({ name }) => [
      ...QUERY_VALUES.map((value) => `${name}=${value}`),
      ...queryShapes(name),
    ]),
    ...ODD_QUERIES.filter((_, i) => (i + turn) % 2 === 0),
  ]
  const body =
    route.body && !costly(route) ? JSON.stringify(baseline(route.body, fixtures)) : undefined
  const payload = body === undefined ? {} : { payload: body, headers: JSON_TYPE }
  return queries.flatMap((query, index) =>
    asActors(route, fixtures, index, (url) => ({ url: `${url}?${query}`, ...payload })),
  )
}

/** Paths that try to climb out of the route, or spell it oddly. */
export function pathCases(route: Route, fixtures: Fixtures): HostileRequest[] {
  const url = urlFor(route, fixtures, 'agent')
  const spellings = [
    ...PATH_SUFFIXES.map((suffix) => url + suffix),
    url.toUpperCase(),
    `/${url}`,
    url.replace('/api/', '/api/./'),
    url.replace('/api/', '/api/../api/'),
    url.replace('/api/', '/api/%2e%2e/api/'),
    url.replace('/api/', '/api%2F'),
    url.replace(/\/$/, '') + '/%20',
  ]
  return spellings.map((spelling) => ({
    method: route.method,
    url: spelling,
    as: 'agent' as const,
  }))
}

/** Paths reaching for files outside the web app's folder, on the web app's catch-all. */
export function traversalCases(secret: string): HostileRequest[] {
  return STATIC_TRAVERSALS(secret).flatMap((url, index) => [
    { method: 'GET', url, as: 'anonymous' as const },
    ...(index % 3 === 0 ? [{ method: 'HEAD', url, as: 'anonymous' as const }] : []),
    ...(index % 3 === 1 ? [{ method: 'GET', url, as: 'agent' as const }] : []),
  ])
}

/** Every odd method on each path, with and without a body. */
export function methodCases(paths: string[], fixtures: Fixtures): HostileRequest[] {
  return paths.flatMap((path, p) =>
    ODD_METHODS.flatMap((method, m) => {
      const url = concretePath(path, (resource) => idFor(fixtures, resource, 'agent'))
      const cases: HostileRequest[] = [{ method, url, as: 'agent' }]
      if (method !== 'HEAD' && method !== 'GET') {
        cases.push({ method, url, as: 'agent', payload: '{"name":"x"}', headers: JSON_TYPE })
      }
      if ((p + m) % 4 === 0) cases.push({ method, url, as: 'anonymous' })
      if ((p + m) % 4 === 2) cases.push({ method, url, as: 'tester' })
      return cases
    }),
  )
}

/**
 * Odd headers on the route's ordinary request: each header on every other route (every
 * third of the costly ones), turn about.
 */
export function headerCases(route: Route, fixtures: Fixtures, turn: number): HostileRequest[] {
  const body = route.body ? JSON.stringify(baseline(route.body, fixtures)) : undefined
  const share = costly(route) ? 3 : 2
  const headers = ODD_HEADERS.filter((_, i) => (i + turn) % share === 0)
  return headers.map((extra, index) => ({
    method: route.method,
    url: urlFor(route, fixtures, 'agent'),
    as: index % 6 === 5 ? ('tester' as const) : ('agent' as const),
    headers: body ? { ...JSON_TYPE, ...extra } : extra,
    ...(body === undefined ? {} : { payload: body }),
  }))
}

/** Every forged token on the route's ordinary request: 401 wherever a token is needed. */
export function tokenCases(
  route: Route,
  fixtures: Fixtures,
  forged: ForgedToken[],
): HostileRequest[] {
  const body = route.body ? JSON.stringify(baseline(route.body, fixtures)) : undefined
  // Where no token is needed, which forgery it is makes no difference: a sample will do.
  const tokens = route.signedIn ? forged : forged.filter((_, i) => i % 4 === 0)
  return tokens.map((token) => ({
    method: route.method,
    url: urlFor(route, fixtures, 'agent'),
    as: 'anonymous' as const,
    authorization: token.header ?? null,
    note: token.kind,
    ...(route.signedIn ? { expect: [401] } : {}),
    ...(body === undefined ? {} : { payload: body, headers: JSON_TYPE }),
  }))
}

/**
 * Every forged token where a body takes a refresh token: 401 (API.md "otherwise 401"),
 * or 400 for one longer than a token can be.
 */
export function refreshCases(
  route: Route,
  fixtures: Fixtures,
  forged: ForgedToken[],
  access: string,
): HostileRequest[] {
  if (!route.body?.properties?.refresh) return []
  const valid = baseline(route.body, fixtures)
  // Here the access token is the misused one.
  const tokens = [...forged, { kind: 'access token as refresh', token: access }]
  return tokens.flatMap(({ kind, token }) =>
    token === undefined
      ? []
      : [
          {
            method: route.method,
            url: urlFor(route, fixtures, 'anonymous'),
            as: 'anonymous' as const,
            payload: JSON.stringify({ ...valid, refresh: token }),
            headers: JSON_TYPE,
            note: kind,
            expect: token.length <= MAX_TOKEN_LENGTH ? [401] : [400, 401],
          },
        ],
  )
}
