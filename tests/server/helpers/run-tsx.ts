import { spawn, type ChildProcess } from 'node:child_process'
import path from 'node:path'

export const root = path.resolve(import.meta.dirname, '../../..')
const tsx = path.join(root, 'node_modules/.bin/tsx')

export interface Finished {
  code: number | null
  stdout: string
  stderr: string
}

export interface Running {
  child: ChildProcess
  /** Everything printed so far on both streams. */
  output(): string
  stdout(): string
  stderr(): string
  exited: Promise<Finished>
}

/**
 * Starts `tsx <script>` from the repository root with exactly `env` (plus PATH and
 * HOME so tsx runs), the way an operator would from a shell.
 */
export function startTsx(script: string, args: string[], env: Record<string, string>): Running {
  const child = spawn(tsx, [script, ...args], {
    cwd: root,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
  })
  let stdout = ''
  let stderr = ''
  let all = ''
  child.stdout?.on('data', (chunk: Buffer) => {
    stdout += chunk.toString()
    all += chunk.toString()
  })
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString()
    all += chunk.toString()
  })
  const exited = new Promise<Finished>((resolve) => {
    child.on('close', (code) => resolve({ code, stdout, stderr }))
  })
  return { child, output: () => all, stdout: () => stdout, stderr: () => stderr, exited }
}

/** Runs `tsx <script> args…` to the end. */
export function runTsx(
  script: string,
  args: string[],
  env: Record<string, string>,
): Promise<Finished> {
  return startTsx(script, args, env).exited
}

/** Polls until `check` is true or `ms` pass. */
export async function waitFor(
  check: () => boolean | Promise<boolean>,
  ms: number,
): Promise<boolean> {
  const deadline = Date.now() + ms
  while (Date.now() < deadline) {
    if (await check()) return true
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  return false
}
