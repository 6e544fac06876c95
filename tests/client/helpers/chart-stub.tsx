// jsdom has no canvas, so Chart.js logs "Failed to create chart". Tests that only pass
// through the overview (after login, say) swap react-chartjs-2 for this:
//   vi.mock('react-chartjs-2', () => import('./helpers/chart-stub'))
export function Bar() {
  return <canvas data-testid="bar-chart" />
}

export function Doughnut() {
  return <canvas data-testid="doughnut-chart" />
}
