import { Switch, useMantineColorScheme } from '@mantine/core'
import { IconMoon, IconSun } from '@tabler/icons-react'

/**
 * Spec 2: the theme toggle adds or removes a `dark` class on the page; Mantine's own
 * scheme is switched with it so its components match. Not persisted (see color-scheme.ts).
 */
function useThemeToggle() {
  const { colorScheme, setColorScheme } = useMantineColorScheme()
  const dark = colorScheme === 'dark'
  const setDark = (next: boolean) => {
    document.documentElement.classList.toggle('dark', next)
    setColorScheme(next ? 'dark' : 'light')
  }
  return { dark, setDark }
}

/** The light/dark switch used by the landing page and the dashboard top bar. */
export function ThemeToggle() {
  const { dark, setDark } = useThemeToggle()
  return (
    <Switch
      aria-label="Dark mode"
      checked={dark}
      onChange={(event) => setDark(event.currentTarget.checked)}
      size="md"
      onLabel={<IconMoon size={14} stroke={2} aria-hidden />}
      offLabel={<IconSun size={14} stroke={2} aria-hidden />}
    />
  )
}
