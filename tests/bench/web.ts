// The web page's speed figures of issue 9, measured on the built app (`npx vite build`
// first) served by the real server: the landing page's JavaScript, Lighthouse's mobile
// performance score of `/` and of `/dashboard/customers` signed in, the customers
// screen's first row after a full load, and its first paint on a real load throttled as
// Lighthouse simulates one. `npx tsx tests/bench/web.ts` runs it alone;
// tests/bench/run.ts includes its rows through measureWeb(). BENCH_LIGHTHOUSE_RUNS (3)
// sets the runs per page (0 leaves Lighthouse out), BENCH_LIGHTHOUSE_DETAIL=1 prints
// each run's metrics.
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import { chromium, type Browser } from 'playwright-core'
import { CHROMIUM_PATH, LAUNCH_ARGS, launchBrowser } from '../e2e/helpers/browser'
import { landingScripts } from '../e2e/helpers/landing-scripts'
import { startServerProcess } from '../server/helpers/server-process'
import { printTable, type Row } from './table'

const root = path.resolve(import.meta.dirname, '../..')
const LIGHTHOUSE_RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3)
const FIRST_ROW_RUNS = 5
const THROTTLED_RUNS = 3
const DEMO = { username: 'demo', password: 'demo-password' }

/** One measured figure beside its goal from issue 9. */
export interface WebRow {
  measure: string
  value: number
  unit: string
  goal: string
  /** null: a reference figure with no goal of its own. */
  met: boolean | null
  /** The single runs behind a median, for the notes. */
  runs?: number[]
}

const median = (values: number[]) => {
  if (values.length === 0) return NaN
  const sorted = [...values].sort((a, b) => a - b)
  const mid = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2
}

interface Product {
  baseURL: string
  stop: () => Promise<void>
}

/** The real server on a fresh embedded database with the demo data, serving a copy of dist/. */
async function startProduct(): Promise<Product> {
  const dist = path.join(root, 'dist')
  if (!existsSync(path.join(dist, 'index.html'))) throw new Error('run `npx vite build` first')
  const dataDir = mkdtempSync(path.join(tmpdir(), 'crm-bench-web-data-'))
  // A copy: a rebuild in the repo meanwhile would swap the chunks under the page.
  const webDir = mkdtempSync(path.join(tmpdir(), 'crm-bench-web-dist-'))
  cpSync(dist, webDir, { recursive: true })
  const removeFolders = () => {
    rmSync(dataDir, { recursive: true, force: true })
    rmSync(webDir, { recursive: true, force: true })
  }
  try {
    // The embedded database (no DATABASE_URL): the page figures do not depend on which one
    // serves them.
    const server = await startServerProcess(
      {
        NODE_ENV: 'production',
        CRM_DATA_DIR: dataDir,
        CRM_STATIC_DIR: webDir,
        CRM_DEMO: '1',
        // Longer than the run: the signed-in figures should not include a token refresh.
        CRM_ACCESS_TTL: '3600',
        LOG_LEVEL: 'warn',
      },
      { timeoutMs: 120_000 },
    )
    return {
      baseURL: server.baseURL,
      stop: async () => {
        await server.stop()
        removeFolders()
      },
    }
  } catch (error) {
    removeFolders()
    throw error
  }
}

async function signIn(baseURL: string): Promise<{ access: string; refresh: string }> {
  const response = await fetch(`${baseURL}/api/users/token/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(DEMO),
  })
  if (!response.ok) throw new Error(`demo sign-in failed with ${response.status}`)
  return (await response.json()) as { access: string; refresh: string }
}

/** What the landing-budget e2e test measures: every script `/` loads, gzip-compressed. */
async function landingBudget(
  browser: Browser,
  baseURL: string,
): Promise<{ bytes: number; count: number }> {
  const context = await browser.newContext({ baseURL })
  const scripts = await landingScripts(await context.newPage())
  await context.close()
  return { bytes: [...scripts.values()].reduce((a, b) => a + b, 0), count: scripts.size }
}

// Lighthouse's mobile throttling, applied to a real load: 150 ms round trips, 1.6 Mbit/s
// down, 750 kbit/s up, the CPU four times slower.
const SLOW_MOBILE = { latency: 150, download: (1.6 * 1024 * 1024) / 8, upload: (750 * 1024) / 8 }

/**
 * Milliseconds from the start of a full load of /dashboard/customers (fresh context,
 * tokens already stored) until the table's first row is in the page, and until the
 * page's first contentful paint. `cached`: a first visit fills the HTTP cache and the
 * reload is measured; `throttled`: the load runs under SLOW_MOBILE.
 */
async function loadTimes(
  browser: Browser,
  baseURL: string,
  tokens: { access: string; refresh: string },
  options: { cached?: boolean; throttled?: boolean } = {},
): Promise<{ firstRow: number; firstPaint: number }> {
  const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 800 } })
  // A string, not a function: tsx would compile a function with helpers the page lacks.
  await context.addInitScript(`
    if (!localStorage.getItem('access')) {
      localStorage.setItem('access', ${JSON.stringify(tokens.access)})
      localStorage.setItem('refresh', ${JSON.stringify(tokens.refresh)})
    }
    new MutationObserver(function (_, observer) {
      if (!document.querySelector('table tbody tr td')) return
      window.firstRowAt = performance.now()
      observer.disconnect()
    }).observe(document, { childList: true, subtree: true })
  `)
  const page = await context.newPage()
  if (options.throttled) {
    const cdp = await context.newCDPSession(page)
    await cdp.send('Network.enable')
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: SLOW_MOBILE.latency,
      downloadThroughput: SLOW_MOBILE.download,
      uploadThroughput: SLOW_MOBILE.upload,
    })
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 })
  }
  await page.goto('/dashboard/customers')
  if (options.cached) {
    await page.waitForFunction(() => (window as { firstRowAt?: number }).firstRowAt)
    await page.reload()
  }
  const handle = await page.waitForFunction(
    () => (window as { firstRowAt?: number }).firstRowAt,
    undefined,
    { timeout: 60_000 },
  )
  const firstRow = (await handle.jsonValue()) as number
  const firstPaint = await page.evaluate(
    () => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN,
  )
  await context.close()
  return { firstRow, firstPaint }
}

/**
 * Lighthouse's mobile performance scores (default config: simulated slow 4G, 4× CPU) of
 * `url`, LIGHTHOUSE_RUNS runs, each in its own Chromium. With tokens, the profile is
 * signed in first (playwright over CDP writes local storage) and Lighthouse is told to
 * keep storage.
 */
async function lighthouseScore(
  url: string,
  tokens?: { access: string; refresh: string },
): Promise<number[]> {
  const scores: number[] = []
  let failures = 0
  while (scores.length < LIGHTHOUSE_RUNS) {
    const score = await lighthouseRun(url, tokens)
    if (score !== undefined) scores.push(score)
    // Lighthouse now and then loses the trace (NO_NAVSTART); a run is repeated, twice at most.
    else if (++failures > 2) throw new Error(`Lighthouse gave no score for ${url} three times`)
  }
  return scores
}

/** One Lighthouse run in a fresh Chromium; undefined when Lighthouse reports a runtime error. */
async function lighthouseRun(
  url: string,
  tokens?: { access: string; refresh: string },
): Promise<number | undefined> {
  const userDataDir = mkdtempSync(path.join(tmpdir(), 'crm-bench-lh-'))
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: LAUNCH_ARGS,
    userDataDir,
    logLevel: 'silent',
  })
  try {
    if (tokens) {
      const cdp = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`)
      const page = await cdp.contexts()[0]!.newPage()
      await page.goto(new URL('/robots.txt', url).toString())
      await page.evaluate((stored) => {
        localStorage.setItem('access', stored.access)
        localStorage.setItem('refresh', stored.refresh)
      }, tokens)
      await page.close()
      // Only disconnects: the browser belongs to chrome-launcher.
      await cdp.close()
    }
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
      disableStorageReset: tokens !== undefined,
    })
    const lhr = result?.lhr
    const score = lhr?.categories.performance?.score
    if (!lhr || typeof score !== 'number') {
      process.stderr.write(
        `Lighthouse gave no score for ${url}: ${lhr?.runtimeError?.code ?? '?'}\n`,
      )
      return undefined
    }
    if (tokens && new URL(lhr.finalDisplayedUrl).pathname !== new URL(url).pathname) {
      throw new Error(`Lighthouse was sent to ${lhr.finalDisplayedUrl}: not signed in`)
    }
    if (process.env.BENCH_LIGHTHOUSE_DETAIL) {
      const audit = (id: string) => lhr.audits[id]?.displayValue ?? '?'
      process.stdout.write(
        `  ${url}: ${Math.round(score * 100)} (FCP ${audit('first-contentful-paint')}, LCP ${audit('largest-contentful-paint')}, TBT ${audit('total-blocking-time')}, CLS ${audit('cumulative-layout-shift')}, SI ${audit('speed-index')})\n`,
      )
    }
    return Math.round(score * 100)
  } finally {
    chrome.kill()
    rmSync(userDataDir, { recursive: true, force: true })
  }
}

/** Measures every web figure of issue 9 once; the server and browsers are its own. */
export async function measureWeb(): Promise<{ rows: WebRow[]; notes: string[] }> {
  const product = await startProduct()
  const browser = await launchBrowser()
  try {
    const { baseURL } = product
    const tokens = await signIn(baseURL)
    const rows: WebRow[] = []

    const notes: string[] = []
    const landing = await landingBudget(browser, baseURL)
    const kb = Math.round((landing.bytes / 1024) * 10) / 10
    rows.push({
      measure: `landing page JavaScript (${landing.count} scripts)`,
      value: kb,
      unit: 'KB gzip',
      goal: '≤ 100',
      met: kb <= 100,
    })

    // BENCH_LIGHTHOUSE_RUNS=0 leaves Lighthouse out (a quick look at the other figures).
    if (LIGHTHOUSE_RUNS > 0) {
      const landingScores = await lighthouseScore(`${baseURL}/`)
      rows.push({
        measure: 'Lighthouse mobile performance, /',
        value: median(landingScores),
        unit: 'score',
        goal: '≥ 95',
        met: median(landingScores) >= 95,
        runs: landingScores,
      })
      const customersScores = await lighthouseScore(`${baseURL}/dashboard/customers`, tokens)
      rows.push({
        measure: 'Lighthouse mobile performance, /dashboard/customers signed in',
        value: median(customersScores),
        unit: 'score',
        goal: '≥ 90',
        met: median(customersScores) >= 90,
        runs: customersScores,
      })
      notes.push(
        `Lighthouse ${LIGHTHOUSE_RUNS} runs each, median (default mobile config: simulated slow 4G, 4× CPU), Chromium headless`,
      )
    }

    // One load first, not counted: the server's first answers (its caches) are not a page's.
    await loadTimes(browser, baseURL, tokens)
    const cold: number[] = []
    for (let run = 0; run < FIRST_ROW_RUNS; run++) {
      cold.push(Math.round((await loadTimes(browser, baseURL, tokens)).firstRow))
    }
    rows.push({
      measure: 'customers screen, first row after a full load',
      value: median(cold),
      unit: 'ms (median)',
      goal: '≤ 500',
      met: median(cold) <= 500,
      runs: cold,
    })
    const warm: number[] = []
    for (let run = 0; run < FIRST_ROW_RUNS; run++) {
      warm.push(Math.round((await loadTimes(browser, baseURL, tokens, { cached: true })).firstRow))
    }
    // What Lighthouse simulates, on a real load: when the page first paints, and its rows.
    const slow: { firstRow: number; firstPaint: number }[] = []
    for (let run = 0; run < THROTTLED_RUNS; run++) {
      slow.push(await loadTimes(browser, baseURL, tokens, { throttled: true }))
    }
    const slowPaints = slow.map((load) => Math.round(load.firstPaint))
    rows.push({
      measure: 'customers screen, first paint of a full load throttled as slow mobile',
      value: median(slowPaints),
      unit: 'ms (median)',
      goal: 'reference',
      met: null,
      runs: slowPaints,
    })
    notes.push(
      `throttled loads: Chromium's own network and CPU emulation at Lighthouse's mobile settings (150 ms latency, 1.6 Mbit/s down, 750 kbit/s up, 4× CPU), ${THROTTLED_RUNS} full loads; first row at ${slow.map((load) => Math.round(load.firstRow)).join(', ')} ms`,
    )
    notes.push(
      `first row: ${FIRST_ROW_RUNS} full loads of /dashboard/customers signed in as demo (48 customers), each in a fresh browser context (empty cache); reloads with the code cached: median ${median(warm)} ms (${warm.join(', ')})`,
    )

    // Deep links should get app.html (no landing markup, the app's code preloaded).
    const deepLink = await fetch(`${baseURL}/dashboard/customers`).then((r) => r.text())
    if (deepLink.includes('Build stronger customer relationships')) {
      notes.push(
        'the server answers deep links with index.html (the prerendered landing page), not app.html: those pages load the app only after the landing entry has run',
      )
    }
    return { rows, notes }
  } finally {
    await browser.close()
    await product.stop()
  }
}

/** The figures as rows of the bench's one table (tests/bench/table.ts). */
export function asTableRows(rows: WebRow[]): Row[] {
  return rows.map((row) => ({
    database: 'web app',
    measure: row.runs ? `${row.measure} (runs: ${row.runs.join(', ')})` : row.measure,
    value: `${row.value} ${row.unit}`,
    goal: row.met === null ? row.goal : `${row.goal} ${row.unit}`,
    met: row.met,
  }))
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  measureWeb().then(
    ({ rows, notes }) => {
      printTable(asTableRows(rows), notes)
      process.exit(0)
    },
    (error: unknown) => {
      process.stderr.write(
        `web bench failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
      )
      process.exit(1)
    },
  )
}
