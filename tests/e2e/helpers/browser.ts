import { mkdirSync, rmSync } from 'node:fs'
import path from 'node:path'
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core'
import { expect, onTestFailed } from 'vitest'

// Debian's Chromium: Playwright cannot download its own browser here (STACK.md).
export const LAUNCH_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]

/** How long one browser action (click, fill, wait) may take before the step fails. */
export const ACTION_TIMEOUT = 15_000

export const DESKTOP = { width: 1280, height: 800 }
export const PHONE = { width: 390, height: 844 }

/**
 * test-results/screenshots, or its postgres/ folder for the PostgreSQL pass: test:e2e runs
 * both passes at once, and each writes the same pictures.
 */
export const screenshotDir = path.resolve(
  import.meta.dirname,
  '../../../test-results/screenshots',
  process.env.CRM_TEST_DB === 'postgres' ? 'postgres' : '',
)

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: LAUNCH_ARGS })
}

export interface OpenedPage {
  context: BrowserContext
  page: Page
  /** Uncaught page errors and console errors seen so far. */
  errors: string[]
  /** Every answer with status 400 or more: 'GET 401 /api/agent/role/' (to explain console errors). */
  failedRequests: string[]
}

/** A fresh context (empty local storage) with every page error and console error recorded. */
export async function openPage(
  browser: Browser,
  baseURL: string,
  options: { viewport?: { width: number; height: number }; timezoneId?: string } = {},
): Promise<OpenedPage> {
  const context = await browser.newContext({
    baseURL,
    viewport: options.viewport ?? DESKTOP,
    ...(options.timezoneId ? { timezoneId: options.timezoneId } : {}),
  })
  // A person gives up long before vitest's test timeout: fail at the step that hangs.
  context.setDefaultTimeout(ACTION_TIMEOUT)
  const page = await context.newPage()
  const errors: string[] = []
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`))
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`console: ${message.text()}`)
  })
  const failedRequests: string[] = []
  page.on('response', (response) => {
    if (response.status() < 400) return
    const url = new URL(response.url())
    failedRequests.push(
      `${response.request().method()} ${response.status()} ${url.pathname}${url.search}`,
    )
  })
  // What the screen showed when a step failed: test-results/screenshots/FAILED-<test>.png.
  const testName = expect.getState().currentTestName
  if (testName) {
    const name = `FAILED-${testName.replace(/[^\w-]+/g, '-').slice(0, 100)}`
    // One left by an earlier run of this test would mislead whoever looks at the folder.
    rmSync(path.join(screenshotDir, `${name}.png`), { force: true })
    onTestFailed(async () => {
      if (page.isClosed()) return
      await screenshot(page, name).catch(() => undefined)
      console.log(
        `screenshot of the failure: ${path.relative(process.cwd(), screenshotDir)}/${name}.png; errors seen: ${JSON.stringify(errors)}; failed requests: ${JSON.stringify(failedRequests)}`,
      )
    })
  }
  return { context, page, errors, failedRequests }
}

/** Writes test-results/screenshots/<name>.png. */
export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(screenshotDir, { recursive: true })
  await page.screenshot({ path: path.join(screenshotDir, `${name}.png`), fullPage: false })
}
