import { spawn } from 'node:child_process'
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { startServerProcess } from '../server/helpers/server-process'

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

function running(base: string, pid: number, stop: () => Promise<void>): Running {
  return {
    base,
    pid,
    peakMiB: () => memory(pid, 'VmHWM'),
    rssMiB: () => memory(pid, 'VmRSS'),
    stop,
  }
}

/** The CRM server as `npm start` runs it (production settings), on a free port. */
export async function startCrm(env: Record<string, string>): Promise<Running> {
  const server = await startServerProcess(
    {
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      CRM_DEMO: '0',
      CRM_STATIC_DIR: 'off',
      ...env,
    },
    120_000,
  )
  return running(server.baseURL, server.pid, server.stop)
}

/** The bare node:http yardstick. */
export async function startBare(): Promise<Running> {
  const child = spawn(process.execPath, [path.join(import.meta.dirname, 'bare-server.mjs')], {
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  const port = await new Promise<string>((resolve) =>
    child.stdout?.once('data', (chunk: Buffer) => resolve(chunk.toString().trim())),
  )
  const exited = new Promise((resolve) => child.once('exit', resolve))
  return running(`http://127.0.0.1:${port}`, child.pid ?? 0, async () => {
    if (child.exitCode === null) child.kill('SIGTERM')
    await exited
  })
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
