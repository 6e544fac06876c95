import { useComputedColorScheme } from '@mantine/core'

/**
 * Spec 9's chart-1 colour as the page has it now (overview.css, light or dark): Chart.js
 * paints a canvas and cannot read var(). Reading the colour scheme re-renders the chart
 * when it flips; by then the toggle has switched the page's class and attribute.
 */
export function useChartColor(): string {
  useComputedColorScheme('light')
  const value = getComputedStyle(document.documentElement).getPropertyValue('--chart-1').trim()
  // The light value stands in where no style sheet applies (jsdom in the tests).
  return value || '#0ca678'
}
