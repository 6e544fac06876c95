import path from 'node:path'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance } from 'fastify'

const IMMUTABLE = 'public, max-age=31536000, immutable'
// index.html (and other unhashed files) must be revalidated so a deploy shows at once.
const REVALIDATE = 'no-cache'

/** The built page every client-side route but `/` starts from (scripts/prerender-landing.ts). */
export const APP_PAGE = 'app.html'

/** Serves the built web app; the not-found handler answers deep links with APP_PAGE. */
export async function registerWebApp(app: FastifyInstance, staticDir: string) {
  const root = path.resolve(staticDir)
  const assets = path.join(root, 'assets') + path.sep
  await app.register(fastifyStatic, {
    root,
    // wildcard (the default) looks files up per request, so a rebuild needs no restart.
    wildcard: true,
    // The build writes .br and .gz beside each text file (scripts/precompress.ts).
    preCompressed: true,
    cacheControl: false,
    setHeaders: (reply, filePath) => {
      // Vite puts content-hashed file names under /assets: they never change.
      reply.header('cache-control', filePath.startsWith(assets) ? IMMUTABLE : REVALIDATE)
    },
  })
}

export const isApiPath = (url: string) =>
  url === '/api' || url.startsWith('/api/') || url.startsWith('/api?')
