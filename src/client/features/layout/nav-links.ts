import type { ReactNode } from 'react'
import {
  IconAdjustments,
  IconChartBar,
  IconHistory,
  IconLayoutDashboard,
  IconListCheck,
  IconSettings,
  IconShoppingCart,
  IconUserCircle,
  IconUsers,
  IconUsersGroup,
  type Icon,
} from '@tabler/icons-react'

interface NavItem {
  to:
    | '/dashboard/overview'
    | '/dashboard/customers'
    | '/dashboard/orders'
    | '/dashboard/tasks'
    | '/dashboard/reports'
    | '/dashboard/history'
    | '/dashboard/team'
    | '/dashboard/admin'
    | '/dashboard/settings'
    | '/dashboard/account'
  label: string
  icon: Icon
  /** Shown to an Admin only (the server refuses everyone else anyway). */
  adminOnly?: boolean
}

/** What stands beside a link's label (the 'Tasks' count), by link; the dashboard fills it in. */
export type NavBadges = Partial<Record<NavItem['to'], ReactNode>>

// Spec 2's five links with BEYOND.md's additions in their places ("Side navigation, in
// order").
const NAV_ITEMS: NavItem[] = [
  { to: '/dashboard/overview', label: 'Overview', icon: IconLayoutDashboard },
  { to: '/dashboard/customers', label: 'Customers', icon: IconUsers },
  { to: '/dashboard/orders', label: 'Orders', icon: IconShoppingCart },
  { to: '/dashboard/tasks', label: 'Tasks', icon: IconListCheck },
  { to: '/dashboard/reports', label: 'Reports', icon: IconChartBar },
  { to: '/dashboard/history', label: 'History', icon: IconHistory },
  { to: '/dashboard/team', label: 'Team', icon: IconUsersGroup, adminOnly: true },
  { to: '/dashboard/admin', label: 'Admin', icon: IconAdjustments, adminOnly: true },
  { to: '/dashboard/settings', label: 'Settings', icon: IconSettings },
  { to: '/dashboard/account', label: 'Account', icon: IconUserCircle },
]

/** The side navigation's links for an agent of `role` ('' while it loads: the common ones). */
export function navItemsFor(role: string): NavItem[] {
  return NAV_ITEMS.filter((item) => !item.adminOnly || role === 'Admin')
}

export const SUPPORT_PHONE = '+1 (555) 010-4477'
