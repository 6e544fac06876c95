import { afterAll, beforeAll } from 'vitest'
import type { Browser } from 'playwright-core'
import { launchBrowser } from './browser'
import { freshEnvironment, runCommands, startServer, type RunningServer } from './server'

export interface Product {
  baseURL: string
  browser: Browser
  server: RunningServer
}

/**
 * Registers beforeAll/afterAll hooks that give a test file its own product: a fresh
 * database, operator commands run first (PGlite is single-process, so they run before the
 * server starts), the real server, and a Chromium.
 */
export function useProduct(options: { cli?: string[][] } = {}): () => Product {
  let product: Product | undefined
  let cleanup = async () => {}
  beforeAll(async () => {
    const { env, cleanup: removeData } = await freshEnvironment()
    if (options.cli?.length) await runCommands(env, options.cli)
    const server = await startServer(env)
    const browser = await launchBrowser()
    product = { baseURL: server.baseURL, browser, server }
    cleanup = async () => {
      await browser.close()
      await server.stop()
      await removeData()
    }
  })
  afterAll(async () => cleanup())
  return () => {
    if (!product) throw new Error('product not started')
    return product
  }
}
