import {
  IconHistory,
  IconLayoutDashboard,
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
    | '/dashboard/history'
    | '/dashboard/team'
    | '/dashboard/settings'
    | '/dashboard/account'
  label: string
  icon: Icon
}

// Spec 2's five side navigation links, in this order, with BEYOND.md's 'History' after 'Orders'.
export const NAV_ITEMS: NavItem[] = [
  { to: '/dashboard/overview', label: 'Overview', icon: IconLayoutDashboard },
  { to: '/dashboard/customers', label: 'Customers', icon: IconUsers },
  { to: '/dashboard/orders', label: 'Orders', icon: IconShoppingCart },
  { to: '/dashboard/history', label: 'History', icon: IconHistory },
  { to: '/dashboard/settings', label: 'Settings', icon: IconSettings },
  { to: '/dashboard/account', label: 'Account', icon: IconUserCircle },
]

const TEAM: NavItem = { to: '/dashboard/team', label: 'Team', icon: IconUsersGroup }

/** The links for an agent of `role`: an Admin also has 'Team', after 'History'. */
export function navItemsFor(role: string): NavItem[] {
  if (role !== 'Admin') return NAV_ITEMS
  const history = NAV_ITEMS.findIndex((item) => item.to === '/dashboard/history')
  return [...NAV_ITEMS.slice(0, history + 1), TEAM, ...NAV_ITEMS.slice(history + 1)]
}

export const SUPPORT_PHONE = '+1 (555) 010-4477'
