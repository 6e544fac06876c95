// `npm start`: compiles the server afresh (scripts/build-server.mjs, well under a second)
// and runs it in this same process. Node then runs plain JavaScript with no TypeScript
// loader beside the server (about 70 MiB less memory than src/ through tsx, which keeps
// a loader thread of its own), and a signal sent to this process reaches the server.
import { pathToFileURL } from 'node:url'
import { buildServer } from './build-server.mjs'

await import(pathToFileURL(buildServer()).href)
