import type { HttpHandler } from 'msw'

/** The live stream's handlers (filled in with issue 13). */
export const liveHandlers: HttpHandler[] = []
