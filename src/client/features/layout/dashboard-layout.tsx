import { Box } from '@mantine/core'
import { Outlet } from '@tanstack/react-router'
import { ThemeToggle } from '../../components/theme-toggle'
import { AccountMenu } from './account-menu'
import classes from './layout.module.css'
import { SearchButton } from './search-button'
import { Sidebar } from './sidebar'

export function DashboardLayout() {
  return (
    <>
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
    </>
  )
}
