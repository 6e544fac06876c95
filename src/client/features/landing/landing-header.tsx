import { Anchor, Box, Burger, Group, Text } from '@mantine/core'
import { lazy, Suspense, useState } from 'react'
import { ThemeToggle } from '../../components/theme-toggle'
import { ABOUT_URL } from './landing-content'
import { LandingLink } from './landing-link'

// Mantine's Menu brings the floating-ui positioning code; only small screens need it,
// so it is fetched on the first burger click instead of with the page (100 KB budget).
const LandingMenu = lazy(() => import('./landing-menu').then((m) => ({ default: m.LandingMenu })))

export function LandingHeader() {
  const [menuWanted, setMenuWanted] = useState(false)
  const placeholder = (
    <Burger
      opened={menuWanted}
      size="sm"
      aria-label="Open navigation"
      onClick={() => setMenuWanted(true)}
    />
  )
  return (
    <Group component="header" justify="space-between" px="md" py="sm" wrap="nowrap">
      <Text fw={800} size="lg">
        Rapport CRM
      </Text>
      <Group gap="lg" visibleFrom="sm" component="nav" aria-label="Site">
        <Anchor component={LandingLink} href="/login" c="inherit">
          Login
        </Anchor>
        <Anchor component={LandingLink} href="/register" c="inherit">
          Register
        </Anchor>
        <Anchor href={ABOUT_URL} target="_blank" rel="noopener noreferrer" c="inherit">
          About
        </Anchor>
      </Group>
      <Group gap="sm" wrap="nowrap">
        <ThemeToggle />
        {/* Spec 2: on small screens the links live in a dropdown menu. */}
        <Box hiddenFrom="sm">
          {menuWanted ? (
            <Suspense fallback={placeholder}>
              <LandingMenu />
            </Suspense>
          ) : (
            placeholder
          )}
        </Box>
      </Group>
    </Group>
  )
}
