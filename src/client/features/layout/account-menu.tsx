import { Avatar, Menu, UnstyledButton } from '@mantine/core'
import { IconLogout, IconSettings, IconUser } from '@tabler/icons-react'
import { Link } from '@tanstack/react-router'
import { useSignOut } from '../../lib/sign-out'

/** Spec 2: avatar dropdown titled 'My Account' with Profile, Settings and Logout. */
export function AccountMenu() {
  const logout = useSignOut()
  return (
    <Menu position="bottom-end" width={180} shadow="md">
      <Menu.Target>
        <UnstyledButton aria-label="My Account">
          <Avatar radius="xl" color="indigo" />
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>My Account</Menu.Label>
        <Menu.Item component={Link} to="/dashboard/account" leftSection={<IconUser size={16} />}>
          Profile
        </Menu.Item>
        <Menu.Item
          component={Link}
          to="/dashboard/settings"
          leftSection={<IconSettings size={16} />}
        >
          Settings
        </Menu.Item>
        <Menu.Divider />
        <Menu.Item color="red" leftSection={<IconLogout size={16} />} onClick={logout}>
          Logout
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  )
}
