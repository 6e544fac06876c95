import type { HttpHandler } from 'msw'

/** History, team and CSV handlers (filled in with issues 11 and 12). */
export const recordHandlers: HttpHandler[] = []
