import { Box } from '@mantine/core'
import { ModalsProvider } from '@mantine/modals'
import { Outlet } from '@tanstack/react-router'
import { ThemeToggle } from '../../lib/theme-toggle'
import { AccountMenu } from './account-menu'
import classes from './layout.module.css'
import { SearchButton } from './search-button'
import { Sidebar } from './sidebar'

export function DashboardLayout() {
  // ModalsProvider lives here, not in AppProviders: only dashboard screens open modals,
  // and the landing page's download stays without the modal machinery.
  return (
    <ModalsProvider>
      <Sidebar />
      <div className={classes.content}>
        <header className={classes.topBar}>
          <SearchButton />
          <ThemeToggle />
          <AccountMenu />
        </header>
        <Box component="main" p="md">
          <Outlet />
        </Box>
      </div>
    </ModalsProvider>
  )
}
