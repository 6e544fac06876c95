import { existsSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

/**
 * The project's folder (the one with package.json), found upwards from this module's
 * file: the same whether the server runs from src/ (tests, the command line) or compiled
 * into build/server.mjs (`npm start`, scripts/start.mjs).
 */
export const projectRoot = findProjectRoot(path.dirname(fileURLToPath(import.meta.url)))

function findProjectRoot(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, 'package.json'))) return dir
    if (path.dirname(dir) === dir) throw new Error(`no package.json above ${from}`)
  }
}
