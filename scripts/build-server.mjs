// Compiles the server (src/server/main.ts and all it imports from src/) into one plain
// JavaScript file, build/server.mjs, with esbuild, and beside it the embedded database's
// thread, build/pglite-worker.mjs (src/server/db/pglite-remote.ts starts it); packages
// stay in node_modules. Each file is written under a temporary name and renamed, so a
// server starting meanwhile never reads half of one. `node scripts/build-server.mjs`
// builds them alone.
import { mkdirSync, renameSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { buildSync } from 'esbuild'

const root = path.resolve(import.meta.dirname, '..')
const BUILD = path.join(root, 'build')
export const SERVER_BUNDLE = path.join(BUILD, 'server.mjs')

/** Builds build/server.mjs (and its worker) from the current source; answers its path. */
export function buildServer() {
  const { outputFiles } = buildSync({
    entryPoints: {
      server: path.join(root, 'src/server/main.ts'),
      'pglite-worker': path.join(root, 'src/server/db/pglite-worker.ts'),
    },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    outdir: BUILD,
    outExtension: { '.js': '.mjs' },
    write: false,
    logLevel: 'warning',
  })
  if (outputFiles.length !== 2) throw new Error('esbuild did not write both files')
  mkdirSync(BUILD, { recursive: true })
  // The worker first: a server started from the new server.mjs finds its new worker.
  const server = outputFiles.filter((file) => file.path === SERVER_BUNDLE)
  for (const file of [...outputFiles.filter((file) => file.path !== SERVER_BUNDLE), ...server]) {
    const temporary = `${file.path}.${process.pid}.tmp`
    writeFileSync(temporary, file.contents)
    renameSync(temporary, file.path)
  }
  return SERVER_BUNDLE
}

if (process.argv[1] === fileURLToPath(import.meta.url)) buildServer()
