import {
  ArcElement,
  BarElement,
  CategoryScale,
  Chart,
  Legend,
  LinearScale,
  Tooltip,
} from 'chart.js'

// Only the pieces the overview and the reports draw, so the rest of Chart.js is tree-shaken;
// the bar and doughnut controllers are registered by react-chartjs-2's typed components
// themselves. Import this module only from those features: it keeps Chart.js in their chunks.
Chart.register(CategoryScale, LinearScale, BarElement, ArcElement, Tooltip, Legend)

export { Bar, Doughnut } from 'react-chartjs-2'
