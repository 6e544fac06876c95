// Before the routed app (and its stylesheet) is loaded, the prerendered landing page has
// only its own styles inline: the menu brings the ones it needs.
import '@mantine/core/styles/Popover.css'
import '@mantine/core/styles/Menu.css'
import { Burger, Menu } from '@mantine/core'
import { useState } from 'react'
import { ABOUT_URL } from './landing-content'
import { LandingLink } from './landing-link'

/** The small-screen dropdown (spec 2); loaded on the first burger click (see landing-header). */
export function LandingMenu() {
  // Mounted by that first click, so it opens straight away.
  const [opened, setOpened] = useState(true)
  return (
    <Menu opened={opened} onChange={setOpened} position="bottom-end">
      <Menu.Target>
        <Burger
          opened={opened}
          size="sm"
          aria-label={opened ? 'Close navigation' : 'Open navigation'}
        />
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item component={LandingLink} href="/login">
          Login
        </Menu.Item>
        <Menu.Item component={LandingLink} href="/register">
          Register
        </Menu.Item>
        <Menu.Item component="a" href={ABOUT_URL} target="_blank" rel="noopener noreferrer">
          About
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  )
}
