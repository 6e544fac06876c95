// Compiles the server (src/server/main.ts and all it imports from src/) into one plain
// JavaScript file, build/server.mjs, with esbuild; packages stay in node_modules. The file
// is written under a temporary name and renamed, so a server starting meanwhile never
// reads half of it. `node scripts/build-server.mjs` builds it alone.
import { mkdirSync, renameSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { buildSync } from 'esbuild'

const root = path.resolve(import.meta.dirname, '..')
export const SERVER_BUNDLE = path.join(root, 'build', 'server.mjs')

/** Builds build/server.mjs from the current source; answers its path. */
export function buildServer() {
  const { outputFiles } = buildSync({
    entryPoints: [path.join(root, 'src/server/main.ts')],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    outfile: SERVER_BUNDLE,
    write: false,
    logLevel: 'warning',
  })
  const [bundle] = outputFiles
  if (!bundle) throw new Error('esbuild wrote no file')
  mkdirSync(path.dirname(SERVER_BUNDLE), { recursive: true })
  const temporary = `${SERVER_BUNDLE}.${process.pid}.tmp`
  writeFileSync(temporary, bundle.contents)
  renameSync(temporary, SERVER_BUNDLE)
  return SERVER_BUNDLE
}

if (process.argv[1] === fileURLToPath(import.meta.url)) buildServer()
