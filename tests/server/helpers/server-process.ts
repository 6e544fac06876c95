import { spawn } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { createServer } from 'node:net'
import path from 'node:path'
import { root } from './run-tsx'

export interface ServerProcess {
  baseURL: string
  pid: number
  /** Everything the server printed so far. */
  output(): string
  /** Resolves once the process is gone (with its signal when it was killed). */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>
  /** kill -9: no shutdown handler runs, nothing is flushed or closed. */
  kill: () => Promise<void>
  /** SIGTERM: the server shuts down as it does for an operator. */
  stop: () => Promise<void>
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address()
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0))
    })
  })
}

/**
 * package.json's `start` script (`exec env <NAME=value ...> node <flags> scripts/start.mjs`):
 * the environment it sets and Node's arguments.
 */
function startCommand(): { env: Record<string, string>; args: string[] } {
  const manifest = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as {
    scripts: { start: string }
  }
  const words = manifest.scripts.start.replace(/^exec\s+/, '').split(/\s+/)
  if (words[0] === 'env') words.shift()
  const env: Record<string, string> = {}
  while (words[0]?.includes('=')) {
    const [name, ...value] = words.shift()!.split('=')
    env[name!] = value.join('=')
  }
  const [command, ...args] = words
  if (command !== 'node') throw new Error(`npm start runs ${command}, not node`)
  return { env, args }
}

function killGroup(pid: number): void {
  try {
    process.kill(-pid, 'SIGKILL')
  } catch {
    // The group is empty: everything in it has exited.
  }
}

export interface StartOptions {
  timeoutMs?: number
  /**
   * Run `npm start` itself (its own process group, so a SIGKILL reaches the server
   * under it too): `pid` is npm's, and `stop()` signals npm as an operator would.
   */
  viaNpm?: boolean
}

/**
 * Starts the server as `npm start` does (scripts/start.mjs with the same environment and
 * Node flags: the server compiled from the current source, run in that one process, so a
 * SIGKILL sent to it kills the server; or `npm start` itself) with exactly `env` plus
 * PATH, HOME and the script's own settings, on a free port, and waits until it says it
 * listens there and GET /api/health answers 200.
 */
export async function startServerProcess(
  env: Record<string, string>,
  { timeoutMs = 90_000, viaNpm = false }: StartOptions = {},
): Promise<ServerProcess> {
  const port = await freePort()
  // npm sets the script's environment itself.
  const start = viaNpm ? { env: {}, args: ['start'] } : startCommand()
  const child = spawn(viaNpm ? 'npm' : process.execPath, start.args, {
    cwd: root,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      ...start.env,
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
    },
    detached: viaNpm,
  })
  let output = ''
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  )
  const server: ServerProcess = {
    baseURL: `http://127.0.0.1:${port}`,
    pid: child.pid ?? 0,
    output: () => output,
    exited,
    kill: async () => {
      // npm's group even after npm is gone: a server it left behind is in it.
      if (viaNpm && child.pid) killGroup(child.pid)
      else if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL')
      await exited
    },
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM')
      await exited
    },
  }
  // Ready once it says it listens on its port, not at the first health answer: a probed
  // port may be handed to two servers started at once, and the one that does not get it
  // would find the other's answer (and a test would talk to another test's server).
  const listening = `is running at ${server.baseURL}\n`
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited early:\n${output}`)
    try {
      if (output.includes(listening) && (await fetch(`${server.baseURL}/api/health`)).ok) {
        return server
      }
    } catch {
      // Not answering yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  await server.kill()
  throw new Error(`the server did not answer /api/health within ${timeoutMs} ms:\n${output}`)
}
