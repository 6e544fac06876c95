import type { OrderStatus } from '#shared/constants'
import type { ChartColors } from './chart-colors'

/** Tooltip and legend text in the theme's colours (the options every chart shares). */
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

/** Spec 9's status colours: Delivered chart-1, Out for delivery amber, Pending red. */
export function statusColors(colors: ChartColors): Record<OrderStatus, string> {
  return { Delivered: colors.accent, 'Out for delivery': '#FFC107', Pending: '#E74C3C' }
}
