import { readFileSync } from 'node:fs'
import { Card, DEFAULT_THEME, mergeMantineTheme } from '@mantine/core'
import { screen, waitFor, within } from '@testing-library/react'
import { Chart } from 'chart.js'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import '../../src/client/lib/chart'
import { theme as appTheme } from '../../src/client/theme'
import { contrastRatio } from './helpers/contrast'
import { renderApp } from './helpers/render-app'
import { resetMockData } from './msw/data'
import { signIn } from './msw/tokens'

interface ChartOptions {
  scales?: Record<string, { ticks?: { color?: string } }>
  plugins?: {
    legend?: { labels?: { color?: string } }
    tooltip?: { backgroundColor?: string; titleColor?: string; bodyColor?: string }
  }
}

// jsdom has no canvas: the charts keep the options they were last drawn with.
const drawn = vi.hoisted(() => new Map<string, ChartOptions>())
vi.mock('react-chartjs-2', () => {
  const fake = (kind: string) =>
    function FakeChart({
      options,
      data: _data,
      ...canvas
    }: {
      options: ChartOptions
      data?: unknown
      [prop: string]: unknown
    }) {
      drawn.set(kind, options)
      return <canvas {...canvas} />
    }
  return { Bar: fake('bar'), Doughnut: fake('doughnut') }
})

const theme = mergeMantineTheme(DEFAULT_THEME, appTheme)
const CARD = Card.classes.root ?? 'no Card class'

/**
 * The card's background in each scheme as Mantine's own Card style sheet sets it (the
 * overview's charts sit on Mantine Cards), resolved through the app's theme.
 */
function cardBackground(scheme: 'light' | 'dark'): string {
  const css = readFileSync('node_modules/@mantine/core/styles/Card.css', 'utf8')
  const rule = new RegExp(
    `color-scheme='${scheme}'\\]\\) \\.${CARD}\\s*\\{\\s*background-color: var\\(--mantine-color-([a-z]+)(?:-(\\d))?\\)`,
  ).exec(css)
  if (!rule?.[1]) throw new Error(`no ${scheme} card background in Mantine's Card.css`)
  const [, name, shade] = rule
  if (name === 'white') return theme.white
  if (name === 'black') return theme.black
  const color = theme.colors[name]?.[Number(shade)]
  if (!color) throw new Error(`unknown colour ${name}-${shade}`)
  return color
}

/** A colour Chart.js keeps as a CSS string (gradients and patterns are not text colours). */
function css(color: unknown): string {
  if (typeof color !== 'string') throw new Error(`not a CSS colour: ${String(color)}`)
  return color
}

/** Every text colour Chart.js draws with, each against what it is drawn on. */
function textOnBackground(scheme: 'light' | 'dark') {
  const card = cardBackground(scheme)
  // What Chart.js falls back to where the options name no colour.
  const tooltipDefaults = Chart.defaults.plugins.tooltip
  const checks: { what: string; ratio: number }[] = []
  for (const [kind, options] of drawn) {
    const text = (color: string | undefined, what: string) =>
      checks.push({
        what: `${kind} ${what}`,
        ratio: contrastRatio(color ?? css(Chart.defaults.color), card),
      })
    for (const [axis, scale] of Object.entries(options.scales ?? {}))
      text(scale.ticks?.color, `${axis} ticks`)
    text(options.plugins?.legend?.labels?.color, 'legend')
    const tooltip = options.plugins?.tooltip
    const box = tooltip?.backgroundColor ?? css(tooltipDefaults.backgroundColor)
    for (const part of ['titleColor', 'bodyColor'] as const) {
      const color = tooltip?.[part] ?? css(tooltipDefaults[part])
      checks.push({ what: `${kind} tooltip ${part}`, ratio: contrastRatio(color, box, card) })
    }
  }
  return checks
}

describe('chart text contrast (WCAG AA, 4.5:1) on the overview cards', () => {
  beforeEach(() => {
    resetMockData()
    signIn()
    drawn.clear()
  })

  it('in light mode and, after the switch, in dark mode', async () => {
    const { user } = renderApp('/dashboard/overview')
    const statuses = await screen.findByRole('region', { name: 'Order Status Pie Chart' })
    expect(await within(statuses).findByText('Total Orders: 3')).toBeInTheDocument()
    // The charts do sit on Mantine Cards, whose background the checks use.
    expect(statuses).toHaveClass(CARD)
    expect([...drawn.keys()].sort()).toEqual(['bar', 'doughnut'])

    const light = textOnBackground('light')
    expect(light.length).toBeGreaterThanOrEqual(7)
    for (const { what, ratio } of light) expect(ratio, `light: ${what}`).toBeGreaterThanOrEqual(4.5)

    await user.click(screen.getByRole('switch', { name: 'Dark mode' }))
    await waitFor(() =>
      expect(document.documentElement).toHaveAttribute('data-mantine-color-scheme', 'dark'),
    )
    const dark = textOnBackground('dark')
    for (const { what, ratio } of dark) expect(ratio, `dark: ${what}`).toBeGreaterThanOrEqual(4.5)
  })
})
