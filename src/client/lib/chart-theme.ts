import type { ChartColors } from './use-chart-color'

/** Tooltip and legend text in the theme's colours (the options both charts share). */
export function themedPlugins(colors: ChartColors) {
  return {
    legend: { labels: { color: colors.text } },
    tooltip: {
      backgroundColor: colors.tooltipBackground,
      titleColor: colors.tooltipText,
      bodyColor: colors.tooltipText,
      footerColor: colors.tooltipText,
    },
  }
}

/** An axis whose labels, grid and border follow the theme. */
export function themedAxis(colors: ChartColors) {
  return {
    ticks: { color: colors.text },
    grid: { color: colors.grid },
    border: { color: colors.grid },
  }
}
