import { useRouter } from '@tanstack/react-router'
import { createContext, use, type ComponentPropsWithRef, type MouseEvent } from 'react'

/** The pages the landing page links to. */
export type LandingPath = '/login' | '/register' | '/dashboard'

/**
 * How the landing page moves on when no router is mounted: the prerendered page is
 * hydrated on its own (main.tsx) and fetches the routed app on the first click.
 */
export interface LandingNavigation {
  navigate: (to: LandingPath) => void
  /** Starts fetching what `navigate` will need (hover, focus, touch). */
  preload: () => void
}

export const LandingNavigationContext = createContext<LandingNavigation | null>(null)

type LandingLinkProps = Omit<ComponentPropsWithRef<'a'>, 'href'> & { href: LandingPath }

const plainClick = (event: MouseEvent) =>
  !event.defaultPrevented &&
  event.button === 0 &&
  !(event.metaKey || event.ctrlKey || event.shiftKey || event.altKey)

/**
 * A real `<a href>` (it works before the script runs, and in a new tab) that navigates in
 * the page like the router's Link: through the router when one is mounted, else through
 * LandingNavigationContext. The router's Link itself would bring the whole router into
 * the landing page's download.
 */
export function LandingLink(props: LandingLinkProps) {
  const { href, onClick, onMouseEnter, onFocus, onTouchStart, ...rest } = props
  const router = useRouter({ warn: false })
  const island = use(LandingNavigationContext)
  const preload = () => {
    if (router) router.preloadRoute({ to: href }).catch(() => undefined)
    else island?.preload()
  }
  return (
    <a
      {...rest}
      href={href}
      onMouseEnter={(event) => {
        onMouseEnter?.(event)
        preload()
      }}
      onFocus={(event) => {
        onFocus?.(event)
        preload()
      }}
      onTouchStart={(event) => {
        onTouchStart?.(event)
        preload()
      }}
      onClick={(event) => {
        onClick?.(event)
        if (!plainClick(event) || rest.target === '_blank') return
        if (!router && !island) return
        event.preventDefault()
        if (router) void router.navigate({ to: href })
        else island?.navigate(href)
      }}
    />
  )
}
