import { ActionIcon, Box, Stack, Text, UnstyledButton } from '@mantine/core'
import { useDisclosure } from '@mantine/hooks'
import { IconMenu2, IconX } from '@tabler/icons-react'
import { Link } from '@tanstack/react-router'
import { useRole } from '../../lib/role'
import { HelpBox } from './help-box'
import classes from './layout.module.css'
import { navItemsFor, type NavBadges } from './nav-links'
import { RoleBox } from './role-box'

export function Sidebar({ badges }: { badges?: NavBadges }) {
  // Spec 4: the mobile menu panel is open or closed; desktop ignores it (CSS).
  const [open, panel] = useDisclosure(false)
  // The same role the Role box shows: an Admin's links include 'Team'.
  const { role } = useRole()
  return (
    <Box
      component="aside"
      id="dashboard-sidebar"
      className={classes.sidebar}
      data-open={open || undefined}
    >
      <ActionIcon
        className={classes.railToggle}
        variant="subtle"
        size="lg"
        aria-label={open ? 'Close menu' : 'Open menu'}
        aria-expanded={open}
        aria-controls="dashboard-sidebar"
        onClick={panel.toggle}
      >
        {open ? <IconX aria-hidden /> : <IconMenu2 aria-hidden />}
      </ActionIcon>
      <UnstyledButton className={classes.menuLabel} fw={700} onClick={panel.toggle}>
        Menu
      </UnstyledButton>
      <Text fw={800} size="lg" className={classes.panelOnly}>
        Rapport CRM
      </Text>
      <Stack component="nav" aria-label="Dashboard" gap={4}>
        {navItemsFor(role).map(({ to, label, icon: NavIcon }) => (
          <Link key={to} to={to} className={classes.link} title={label} onClick={panel.close}>
            <NavIcon size={20} aria-hidden />
            <span className={classes.label}>{label}</span>
            {badges?.[to] && <span className={classes.badge}>{badges[to]}</span>}
          </Link>
        ))}
      </Stack>
      <RoleBox className={classes.panelOnly} />
      <HelpBox className={classes.panelOnly} />
    </Box>
  )
}
