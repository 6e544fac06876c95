import path from 'node:path'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance } from 'fastify'

const IMMUTABLE = 'public, max-age=31536000, immutable'
// index.html (and other unhashed files) must be revalidated so a deploy shows at once.
const REVALIDATE = 'no-cache'

/** Serves the built web app; the not-found handler answers deep links with index.html. */
export async function registerWebApp(app: FastifyInstance, staticDir: string) {
  const root = path.resolve(staticDir)
  const assets = path.join(root, 'assets') + path.sep
  await app.register(fastifyStatic, {
    root,
    // wildcard (the default) looks files up per request, so a rebuild needs no restart.
    wildcard: true,
    cacheControl: false,
    setHeaders: (reply, filePath) => {
      // Vite puts content-hashed file names under /assets: they never change.
      reply.header('cache-control', filePath.startsWith(assets) ? IMMUTABLE : REVALIDATE)
    },
  })
}

export const isApiPath = (url: string) =>
  url === '/api' || url.startsWith('/api/') || url.startsWith('/api?')
