// `npm run dev`: the API server (restarted on change by tsx watch) on port 3000 and the
// Vite dev server, which proxies /api to it (vite.config.ts). Ctrl-C stops both.
import { spawn, type ChildProcess } from 'node:child_process'
import path from 'node:path'

const root = path.resolve(import.meta.dirname, '..')
const bin = (name: string) => path.join(root, 'node_modules', '.bin', name)

const children: ChildProcess[] = [
  spawn(bin('tsx'), ['watch', '--clear-screen=false', 'src/server/main.ts'], {
    cwd: root,
    stdio: 'inherit',
    // Port 3000 is where vite.config.ts proxies /api; Vite serves the web app itself.
    env: { ...process.env, PORT: '3000', HOST: '127.0.0.1', CRM_STATIC_DIR: 'off' },
  }),
  spawn(bin('vite'), [], { cwd: root, stdio: 'inherit' }),
]

let stopping = false
function stopAll(code: number) {
  if (stopping) return
  stopping = true
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM')
  // Wait for the server's graceful close: the embedded database must shut down cleanly.
  const exited = (c: ChildProcess) =>
    c.exitCode !== null ? Promise.resolve() : new Promise<void>((r) => c.once('exit', () => r()))
  void Promise.all(children.map(exited)).then(() => process.exit(code))
}

process.on('SIGINT', () => stopAll(0))
process.on('SIGTERM', () => stopAll(0))
// If either one dies, the pair is useless: stop the other too.
for (const child of children) child.on('exit', (code) => stopAll(code ?? 1))
