import { Anchor, Burger, Group, Menu, Text } from '@mantine/core'
import { useDisclosure } from '@mantine/hooks'
import { Link } from '@tanstack/react-router'
import { ThemeToggle } from '../../lib/theme-toggle'
import { ABOUT_URL } from './landing-content'

export function LandingHeader() {
  const [menuOpen, menu] = useDisclosure(false)
  return (
    <Group component="header" justify="space-between" px="md" py="sm" wrap="nowrap">
      <Text fw={800} size="lg">
        Rapport CRM
      </Text>
      <Group gap="lg" visibleFrom="sm" component="nav" aria-label="Site">
        <Anchor component={Link} to="/login" c="inherit">
          Login
        </Anchor>
        <Anchor component={Link} to="/register" c="inherit">
          Register
        </Anchor>
        <Anchor href={ABOUT_URL} target="_blank" rel="noopener noreferrer" c="inherit">
          About
        </Anchor>
      </Group>
      <Group gap="sm" wrap="nowrap">
        <ThemeToggle />
        {/* Spec 2: on small screens the links live in a dropdown menu. */}
        <Menu opened={menuOpen} onChange={menu.toggle} position="bottom-end">
          <Menu.Target>
            <Burger
              opened={menuOpen}
              hiddenFrom="sm"
              size="sm"
              aria-label={menuOpen ? 'Close navigation' : 'Open navigation'}
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
      </Group>
    </Group>
  )
}
