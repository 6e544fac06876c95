import { StrictMode, useMemo, useRef, useState, type ReactNode } from 'react'
import type { startApp } from '../app'
import {
  LandingNavigationContext,
  type LandingNavigation,
  type LandingPath,
} from '../features/landing/landing-link'
import { LandingPage } from '../features/landing/landing-page'
import { MantineProviders } from '../mantine-providers'

let appCode: Promise<{ startApp: typeof startApp }> | undefined

/** The routed app's code (router, queries, screens): fetched once, on the first call. */
export function loadApp() {
  appCode ??= import('../app')
  return appCode
}

/** The providers every page sits in; they stay mounted when the landing page hands over. */
export function AppRoot({ children }: { children: ReactNode }) {
  return (
    <StrictMode>
      <MantineProviders>{children}</MantineProviders>
    </StrictMode>
  )
}

/**
 * The landing page on its own, as prerendered into dist/index.html and hydrated by
 * main.tsx: React and Mantine only. Its first link click loads the routed app and
 * renders it in the same root, so the colour scheme chosen here carries on.
 */
function LandingShell() {
  const [app, setApp] = useState<ReactNode>(null)
  // A second click while the app loads changes nothing.
  const started = useRef(false)
  const navigation = useMemo<LandingNavigation>(
    () => ({
      preload: () => void loadApp().catch(() => undefined),
      navigate: (to: LandingPath) => {
        if (started.current) return
        started.current = true
        loadApp()
          .then(async ({ startApp }) => {
            history.pushState(null, '', to)
            const { router, element } = startApp()
            // The next screen's code is loaded while this page still shows: no blank flash.
            await router.load()
            setApp(element)
          })
          // The app could not be fetched: the browser loads the page instead.
          .catch(() => location.assign(to))
      },
    }),
    [],
  )
  if (app) return app
  return (
    <LandingNavigationContext value={navigation}>
      <LandingPage />
    </LandingNavigationContext>
  )
}

/** What the build prerenders and the browser hydrates at `/`: the two must match. */
export function LandingRoot() {
  return (
    <AppRoot>
      <LandingShell />
    </AppRoot>
  )
}
