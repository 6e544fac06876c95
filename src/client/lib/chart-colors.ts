import { useComputedColorScheme, useMantineTheme, type MantineTheme } from '@mantine/core'
import './chart-colors.css'

/** What Chart.js paints with: a canvas cannot read CSS, so every colour is handed to it. */
export interface ChartColors {
  /** Spec 9's chart-1: the bars and the Delivered slice. */
  accent: string
  /** The card the chart sits on: the gaps between the donut's slices. */
  surface: string
  /** Axis ticks and legend labels, on the card. */
  text: string
  /** Grid lines and axis borders. */
  grid: string
  tooltipBackground: string
  tooltipText: string
}

/**
 * The chart's text in the page's secondary text colour (theme.ts's dimmed: gray.7 on the
 * white card, dark.1 on the dark.6 card, both over 6.8:1), not Chart.js's fixed #666 grey,
 * which is 2.4:1 on the dark card. Tooltips dark on light and light on dark, as Mantine's.
 */
export function chartTextColors(
  theme: MantineTheme,
  scheme: 'light' | 'dark',
): Omit<ChartColors, 'accent'> {
  return scheme === 'dark'
    ? {
        // Mantine's Card: dark.6 in dark mode, white in light.
        surface: theme.colors.dark[6],
        text: theme.colors.dark[1],
        grid: theme.colors.dark[4],
        tooltipBackground: theme.colors.gray[2],
        tooltipText: theme.black,
      }
    : {
        surface: theme.white,
        text: theme.colors.gray[7],
        grid: theme.colors.gray[3],
        tooltipBackground: theme.colors.gray[9],
        tooltipText: theme.white,
      }
}

/**
 * The chart colours of the scheme the page shows now. Reading the colour scheme re-renders
 * the charts when it flips, and react-chartjs-2 redraws them with the new options; by then
 * the toggle has switched the page's class, so chart-1 (chart-colors.css) is read fresh.
 */
export function useChartColors(): ChartColors {
  const scheme = useComputedColorScheme('light')
  const theme = useMantineTheme()
  const accent = getComputedStyle(document.documentElement).getPropertyValue('--chart-1').trim()
  // The light value stands in where no style sheet applies (jsdom in the tests).
  return { accent: accent || '#0ca678', ...chartTextColors(theme, scheme) }
}
