// The team's load generator, in a process of its own (team-run.ts starts it): 16 agents,
// each a closed loop (send a request, wait for its answer, pick the next, team-mix.ts),
// signed in with its own account, for a warm-up and then the measured seconds. Prints
// the figures as one line of JSON. Calls go through http.ts (kept-alive connections).
import { call } from './http'
import { pick } from './team-mix'
import { TOKEN_REFRESH, type Answer, type Client, type Outcome, type World } from './team-kinds'
import { Recorder, type LoadFigures } from './team-stats'
import { readWorld } from './team-world'

export interface LoadConfig {
  base: string
  agents: { username: string; password: string }[]
  warmupSeconds: number
  seconds: number
  writePercent: number
  /** Cache-Control: no-cache on every GET (the cache-off runs). */
  noCache: boolean
}

const config = JSON.parse(process.argv[2] ?? '{}') as LoadConfig
const REFRESH_EVERY = [250, 350] as const

/** mulberry32: each agent draws the same sequence in every run, cache on or off. */
function seeded(seed: number) {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = Math.imul(a ^ (a >>> 15), 1 | a)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296
  }
}

async function post(path: string, body: unknown): Promise<{ access: string; refresh: string }> {
  const res = await call(config.base + path, { method: 'POST', body })
  if (res.status !== 200) throw new Error(`POST ${path} answered ${res.status}`)
  return JSON.parse(res.text) as { access: string; refresh: string }
}

class Agent implements Client {
  private tokens = { access: '', refresh: '' }
  private calls = 0
  private refreshAt = 0
  private expired = false

  constructor(
    private readonly account: LoadConfig['agents'][number],
    private readonly recorder: Recorder,
    private readonly random: () => number,
  ) {}

  /** Signs in; the first refresh comes at a random point, as for a team's open tabs. */
  async signIn() {
    this.tokens = await post('/api/users/token/', this.account)
    this.refreshAt = this.calls + 1 + Math.floor(this.random() * REFRESH_EVERY[1])
  }

  async get(path: string, options: { call?: string; json?: boolean } = {}): Promise<Answer> {
    return this.fetch('GET', path, undefined, options)
  }

  async send(method: 'POST' | 'PUT', path: string, body: unknown): Promise<Answer> {
    return this.fetch(method, path, body, {})
  }

  private async fetch(
    method: 'GET' | 'POST' | 'PUT',
    path: string,
    body: unknown,
    options: { call?: string; json?: boolean },
  ): Promise<Answer> {
    const headers: Record<string, string> = { authorization: `Bearer ${this.tokens.access}` }
    if (method === 'GET' && config.noCache) headers['cache-control'] = 'no-cache'
    const started = performance.now()
    let answer: Answer = { status: 0, json: undefined }
    try {
      const res = await call(config.base + path, { method, headers, body })
      const ok = res.status >= 200 && res.status < 300
      answer = { status: res.status, json: options.json && ok ? JSON.parse(res.text) : undefined }
    } catch {
      // No answer: an error.
    }
    const ms = performance.now() - started
    const ok = answer.status >= 200 && answer.status < 300
    const result: Outcome = ok
      ? 'ok'
      : method === 'PUT' && answer.status === 409
        ? 'conflict'
        : 'error'
    this.recorder.call(started, ms, result)
    if (options.call) this.recorder.kind(options.call, started, ms, result)
    if (answer.status === 401) this.expired = true
    this.calls++
    return answer
  }

  /** Every 250-350 calls, or after a 401, as the web app does when its token expires. */
  async refreshIfDue() {
    if (!this.expired && this.calls < this.refreshAt) return
    const [fewest, most] = REFRESH_EVERY
    this.refreshAt = this.calls + fewest + Math.floor(this.random() * (most - fewest))
    this.expired = false
    const started = performance.now()
    const body = { refresh: this.tokens.refresh }
    const answer = await this.fetch('POST', '/api/token/refresh/', body, { json: true })
    const ms = performance.now() - started
    this.recorder.kind(TOKEN_REFRESH, started, ms, answer.status === 200 ? 'ok' : 'error')
    if (answer.status === 200) this.tokens = answer.json as typeof this.tokens
    else await this.signIn()
  }

  async loop(world: World, until: number) {
    while (performance.now() < until) {
      await this.refreshIfDue()
      const kind = pick(this.random, config.writePercent)
      const started = performance.now()
      const result = await kind.run(this, world, this.random)
      this.recorder.kind(kind.name, started, performance.now() - started, result)
    }
  }
}

async function main() {
  // Nothing before the warm-up's end is counted: the sign-ins and the world's reads.
  const recorder = new Recorder()
  const agents = config.agents.map((account, i) => new Agent(account, recorder, seeded(i + 1)))
  // One after another: sign-ins sent together would count against the login limit.
  for (const agent of agents) await agent.signIn()
  const world = await readWorld(agents[0]!)
  const from = performance.now() + config.warmupSeconds * 1000
  const to = from + config.seconds * 1000
  recorder.measure(from, to)
  const cpu = process.cpuUsage()
  await Promise.all(
    agents.map((agent, i) => agent.loop({ ...world, tag: `${process.pid}-${i}` }, to)),
  )
  const { user, system } = process.cpuUsage(cpu)
  const figures: LoadFigures = { ...recorder.figures(), loadCpuSeconds: (user + system) / 1e6 }
  process.stdout.write(`${JSON.stringify(figures)}\n`)
}

main().catch((error: unknown) => {
  process.stderr.write(
    `team load failed: ${error instanceof Error ? error.message : String(error)}\n`,
  )
  process.exit(1)
})
