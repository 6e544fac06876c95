// `npm start`: compiles the server afresh (scripts/build-server.mjs, well under a second)
// and runs it in this same process. Node then runs plain JavaScript with no TypeScript
// loader beside the server (about 70 MiB less memory than src/ through tsx, which keeps
// a loader thread of its own), and a signal sent to this process reaches the server.
// package.json runs it with two V8 heap settings: a young generation of at most 4 MiB per
// semi-space (`--max-semi-space-size=4`, V8's default grows to 16) and an old generation
// collected again once it is 10 % above what survived the last collection
// (`--heap-growing-percent=10`, V8's default lets it double). With V8's defaults the
// server's JavaScript heap held about 120 MiB, mostly garbage, beside the embedded
// database's 140 MiB of WebAssembly memory, and peaked near 385 MiB resident at 100,000
// customers; with these about 40 MiB and 256 MiB, for 1-11 % of the calls' throughput.
// It also runs V8 with one background thread (`--v8-pool-size=1`, Node's default is four)
// and the C library with at most two memory arenas (`env MALLOC_ARENA_MAX=2`; its default
// is eight per core): each thread that allocates may get an arena of its own, and memory
// freed in an arena stays resident. Measured, not derived: on a database of 100,000
// customers, after the same mix of calls, 335 -> 273 MiB resident (246 MiB at start, 292
// before), calls answered as fast.
// The script is `exec env ... node ...`: npm 11 runs a script through `sh -c` and passes
// SIGTERM and SIGINT on to that shell only, which died of it and left node running. With
// `exec` the shell becomes env, which becomes node, so npm's signal reaches the server,
// which finishes the requests in flight, ends event streams and exits 0 (and npm with it).
import { pathToFileURL } from 'node:url'
import { buildServer } from './build-server.mjs'

await import(pathToFileURL(buildServer()).href)
