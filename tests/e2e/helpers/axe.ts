import { createRequire } from 'node:module'
import { readFileSync } from 'node:fs'
import type { Page } from 'playwright-core'

// @axe-core/playwright needs Node 22 (STACK.md), so axe-core is injected directly.
const axeSource = readFileSync(
  createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
  'utf8',
)

export interface AxeViolation {
  id: string
  impact: string | null
  help: string
  targets: string[]
  /** axe's own words per element, e.g. the measured contrast ratio and colours. */
  summaries: string[]
}

/** Runs axe on the current page; returns every violation (any impact). */
export async function axeViolations(page: Page): Promise<AxeViolation[]> {
  // Evaluated, not added as a <script>: the page's CSP (script-src 'self') refuses inline
  // scripts, and the devtools protocol's evaluation is not subject to it.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource)
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(): Promise<{ violations: unknown[] }> } }).axe
    const result = await axe.run()
    return result.violations as {
      id: string
      impact: string | null
      help: string
      nodes: { target: string[]; failureSummary?: string }[]
    }[]
  })
  return violations.map((v) => ({
    id: v.id,
    impact: v.impact,
    help: v.help,
    targets: v.nodes.map((n) => n.target.join(' ')),
    summaries: v.nodes.map((n) =>
      (n.failureSummary ?? '').replace(/^Fix any of the following:\s*/, '').trim(),
    ),
  }))
}

export const isSerious = (v: AxeViolation): boolean =>
  v.impact === 'serious' || v.impact === 'critical'

/** Runs axe on the current page; returns serious and critical violations. */
export async function seriousViolations(page: Page): Promise<AxeViolation[]> {
  return (await axeViolations(page)).filter(isSerious)
}
