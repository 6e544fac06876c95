import { Burger, Menu } from '@mantine/core'
import { Link } from '@tanstack/react-router'
import { useState } from 'react'
import { ABOUT_URL } from './landing-content'

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
        <Menu.Item component={Link} to="/login">
          Login
        </Menu.Item>
        <Menu.Item component={Link} to="/register">
          Register
        </Menu.Item>
        <Menu.Item component="a" href={ABOUT_URL} target="_blank" rel="noopener noreferrer">
          About
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  )
}
