/**
 * Where the API's lists are (API contract): `GET {path}` pages them, `GET {path}{id}` reads
 * one record. Plain strings apart from the query modules (zod, ky): a list route's search
 * module names its list with them, so what a page sends as it starts
 * (start/first-requests.ts) is the request its route's query sends.
 */
export const listPaths = {
  customers: 'customers/',
  orders: 'orders/',
  history: 'history/',
} as const

export type ListPath = (typeof listPaths)[keyof typeof listPaths]

/** GET agent/role/: the signed-in agent's role, which every dashboard screen waits for. */
export const ROLE_PATH = 'agent/role/'
