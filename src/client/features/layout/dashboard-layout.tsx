import { Box } from '@mantine/core'
import { Outlet } from '@tanstack/react-router'
import { ThemeToggle } from '../../components/theme-toggle'
import { AccountMenu } from './account-menu'
import classes from './layout.module.css'
import { LiveNotice } from './live-notice'
import { SearchButton } from './search-button'
import { Sidebar } from './sidebar'

interface DashboardLayoutProps {
  /** The live stream has been down for 10 s (features/live). */
  livePaused: boolean
}

export function DashboardLayout({ livePaused }: DashboardLayoutProps) {
  return (
    <>
      <Sidebar />
      <div className={classes.content}>
        <header className={classes.topBar}>
          <LiveNotice paused={livePaused} />
          <SearchButton />
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
