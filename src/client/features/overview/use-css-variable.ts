import { useSyncExternalStore } from 'react'

// The theme toggle flips a class (spec 2) and Mantine an attribute on <html>.
function subscribeToTheme(onChange: () => void) {
  const observer = new MutationObserver(onChange)
  observer.observe(document.documentElement, {
    attributes: true,
    attributeFilter: ['class', 'data-mantine-color-scheme'],
  })
  return () => observer.disconnect()
}

/** A CSS custom property's current value: Chart.js paints a canvas and cannot read var(). */
export function useCssVariable(name: string, fallback: string): string {
  return useSyncExternalStore(
    subscribeToTheme,
    () => getComputedStyle(document.documentElement).getPropertyValue(name).trim() || fallback,
  )
}
