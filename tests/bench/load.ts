import { spawn } from 'node:child_process'
import path from 'node:path'

const autocannon = path.resolve(import.meta.dirname, '../../node_modules/autocannon/autocannon.js')

export interface LoadResult {
  requestsPerSecond: number
  medianMs: number
  p99Ms: number
  /** Answers other than 2xx, plus connection errors and timeouts. */
  failures: number
}

interface AutocannonJson {
  requests: { average: number }
  latency: { p50: number; p99: number }
  non2xx: number
  errors: number
  timeouts: number
}

/**
 * Loads `url` with autocannon in its own process, so the load generator does not share
 * the server's event loop: a short discarded warm-up, then the measured run.
 */
export async function measure(
  url: string,
  headers: Record<string, string>,
  seconds: number,
): Promise<LoadResult> {
  await runAutocannon(url, headers, 1)
  const result = await runAutocannon(url, headers, seconds)
  return {
    requestsPerSecond: result.requests.average,
    medianMs: result.latency.p50,
    p99Ms: result.latency.p99,
    failures: result.non2xx + result.errors + result.timeouts,
  }
}

function runAutocannon(
  url: string,
  headers: Record<string, string>,
  seconds: number,
): Promise<AutocannonJson> {
  const headerArgs = Object.entries(headers).flatMap(([k, v]) => ['-H', `${k}=${v}`])
  const args = [autocannon, '-c', '10', '-d', String(seconds), '-j', '-n', ...headerArgs, url]
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] })
    let out = ''
    let err = ''
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()))
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()))
    child.on('error', reject)
    child.on('close', (code) => {
      const line = out.trim().split('\n').pop() ?? ''
      if (code !== 0 || !line.startsWith('{')) {
        reject(new Error(`autocannon exited ${code}: ${err.trim().split('\n')[0] ?? ''}`))
        return
      }
      resolve(JSON.parse(line) as AutocannonJson)
    })
  })
}
