import { spawn, type ChildProcess } from 'node:child_process'
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { freePort } from '../server/helpers/server-process'

const root = path.resolve(import.meta.dirname, '../..')

export interface Running {
  base: string
  pid: number
  /** Peak resident memory of the process so far, in MiB (VmHWM). */
  peakMiB(): number
  /** Resident memory now, in MiB (VmRSS). */
  rssMiB(): number
  stop(): Promise<void>
}

function memory(pid: number, field: 'VmHWM' | 'VmRSS'): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8')
  const kb = Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)?.[1] ?? 0)
  return kb / 1024
}

function wrap(child: ChildProcess, base: string): Running {
  const pid = child.pid ?? 0
  return {
    base,
    pid,
    peakMiB: () => memory(pid, 'VmHWM'),
    rssMiB: () => memory(pid, 'VmRSS'),
    stop: async () => {
      if (child.exitCode !== null) return
      const exited = new Promise((resolve) => child.once('exit', resolve))
      child.kill('SIGTERM')
      await exited
    },
  }
}

/** The CRM server as `npm start` runs it (production settings), on a free port. */
export async function startCrm(env: Record<string, string>): Promise<Running> {
  const port = await freePort()
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: root,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      CRM_DEMO: '0',
      CRM_STATIC_DIR: 'off',
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()))
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()))
  const base = `http://127.0.0.1:${port}`
  const deadline = Date.now() + 120_000
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited:\n${output}`)
    if (Date.now() > deadline) throw new Error(`the server did not start:\n${output}`)
    try {
      if ((await fetch(`${base}/api/health`)).ok) return wrap(child, base)
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
}

/** The bare node:http yardstick. */
export async function startBare(): Promise<Running> {
  const child = spawn(process.execPath, [path.join(import.meta.dirname, 'bare-server.mjs')], {
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  const port = await new Promise<string>((resolve) =>
    child.stdout?.once('data', (chunk: Buffer) => resolve(chunk.toString().trim())),
  )
  return wrap(child, `http://127.0.0.1:${port}`)
}

/** Signs in as the demo agent (the fill seeds it) and answers the Authorization header. */
export async function signIn(base: string): Promise<Record<string, string>> {
  const res = await fetch(`${base}/api/users/token/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'demo', password: 'demo-password' }),
  })
  if (!res.ok) throw new Error(`demo sign-in failed with ${res.status}`)
  const { access } = (await res.json()) as { access: string }
  return { authorization: `Bearer ${access}` }
}
