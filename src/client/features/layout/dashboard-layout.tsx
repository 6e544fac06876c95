import type { ReactNode } from 'react'
import { Box } from '@mantine/core'
import { Outlet } from '@tanstack/react-router'
import { ThemeToggle } from '../../components/theme-toggle'
import { AccountMenu } from './account-menu'
import classes from './layout.module.css'
import { LiveNotice } from './live-notice'
import { SearchButton } from './search-button'
import type { NavBadges } from './nav-links'
import { Sidebar } from './sidebar'

interface DashboardLayoutProps {
  /** The live stream has been down for 10 s (features/live). */
  livePaused: boolean
  /** The top bar's 'Reminders' bell (features/tasks). */
  bell?: ReactNode
  /** Counts beside navigation links ('Tasks'), by link. */
  navBadges?: NavBadges
}

export function DashboardLayout({ livePaused, bell, navBadges }: DashboardLayoutProps) {
  return (
    <>
      <Sidebar badges={navBadges} />
      <div className={classes.content}>
        <header className={classes.topBar}>
          <LiveNotice paused={livePaused} />
          <SearchButton />
          {bell}
          <ThemeToggle />
          <AccountMenu />
        </header>
        <Box component="main" p="md">
          <Outlet />
        </Box>
      </div>
    </>
  )
}
