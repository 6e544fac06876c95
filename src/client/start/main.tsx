// No stylesheet here: the build inlines the landing page's styles into dist/index.html
// (scripts/prerender-landing.ts), so its prerendered markup paints before any script
// runs; the routed app (app.tsx) brings the rest.
// First: a dashboard page's role request leaves before the code below is evaluated.
import './start-requests'
import { startTransition } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'
import { AppRoot, LandingRoot, loadApp } from './shell'

const container = document.getElementById('root')
if (!container) throw new Error('index.html has no #root element')

if (location.pathname === '/' && container.firstElementChild) {
  // dist/index.html: the landing page prerendered at build time (scripts/prerender-landing.ts).
  hydrateRoot(container, <LandingRoot />)
} else {
  // Every other page (dist/app.html preloads the app's code and shows a prerendered
  // 'Loading...' until this renders over it), and `/` in development.
  void loadApp().then(async ({ startApp }) => {
    // Running the app's code (its modules) is one task; starting it waits for the next,
    // so the browser is not held by both at once.
    await new Promise((resolve) => setTimeout(resolve, 0))
    const root = createRoot(container)
    // A transition renders in slices that let the browser paint and take input between
    // them, rather than in one long task (Lighthouse counts those as blocking time).
    startTransition(() => root.render(<AppRoot>{startApp().element}</AppRoot>))
  })
}
