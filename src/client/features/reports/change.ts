/** How a card tells its change against the previous period (BEYOND.md "Reports"). */
export interface Change {
  /** '▲ 12.5%', '▼ 3.0%', or '—' when the previous period's value is 0. */
  text: string
  direction: 'up' | 'down' | 'none'
}

/** One decimal; no change at all (after rounding) counts as up, since nothing fell. */
export function changeOf(current: number, previous: number): Change {
  if (previous === 0) return { text: '—', direction: 'none' }
  const percent = Math.round(((current - previous) / previous) * 1000) / 10
  const up = percent >= 0
  return {
    text: `${up ? '▲' : '▼'} ${Math.abs(percent).toFixed(1)}%`,
    direction: up ? 'up' : 'down',
  }
}
