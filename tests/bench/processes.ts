import { readFileSync } from 'node:fs'
import { startServerProcess } from '../server/helpers/server-process'

export interface Running {
  base: string
  pid: number
  /** Peak resident memory of the process so far, in MiB (VmHWM). */
  peakMiB(): number
  /** Resident memory now, in MiB (VmRSS). */
  rssMiB(): number
  /** CPU time the process has used so far (user and system), in seconds. */
  cpuSeconds(): number
  stop(): Promise<void>
}

function memory(pid: number, field: 'VmHWM' | 'VmRSS'): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8')
  const kb = Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)?.[1] ?? 0)
  return kb / 1024
}

// /proc/<pid>/stat counts in clock ticks: 100 a second on Linux.
const TICKS_PER_SECOND = 100

function cpu(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
  // The fields after the command's name (which may hold spaces) closed by ')'.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
  return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND
}

function running(base: string, pid: number, stop: () => Promise<void>): Running {
  return {
    base,
    pid,
    peakMiB: () => memory(pid, 'VmHWM'),
    rssMiB: () => memory(pid, 'VmRSS'),
    cpuSeconds: () => cpu(pid),
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
    { timeoutMs: 120_000 },
  )
  return running(server.baseURL, server.pid, server.stop)
}

/**
 * Signs in as the demo agent (the fill seeds it), or `account`, and answers the
 * Authorization header.
 */
export async function signIn(
  base: string,
  account = { username: 'demo', password: 'demo-password' },
): Promise<Record<string, string>> {
  const res = await fetch(`${base}/api/users/token/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(account),
  })
  if (!res.ok) throw new Error(`${account.username} sign-in failed with ${res.status}`)
  const { access } = (await res.json()) as { access: string }
  return { authorization: `Bearer ${access}` }
}
