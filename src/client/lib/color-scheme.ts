import type { MantineColorScheme, MantineColorSchemeManager } from '@mantine/core'

/**
 * Spec 2: the theme is "not persisted", so a reload is light again. Mantine's default
 * manager writes to localStorage; this one only remembers the value for the page's life.
 */
export function memoryColorSchemeManager(): MantineColorSchemeManager {
  let current: MantineColorScheme | undefined
  return {
    get: (defaultValue) => current ?? defaultValue,
    set: (value) => {
      current = value
    },
    subscribe: () => {},
    unsubscribe: () => {},
    clear: () => {
      current = undefined
    },
  }
}
