import {
  IconLayoutDashboard,
  IconSettings,
  IconShoppingCart,
  IconUserCircle,
  IconUsers,
  type Icon,
} from '@tabler/icons-react'

interface NavItem {
  to:
    | '/dashboard/overview'
    | '/dashboard/customers'
    | '/dashboard/orders'
    | '/dashboard/settings'
    | '/dashboard/account'
  label: string
  icon: Icon
}

// Spec 2: the five side navigation links, in this order.
export const NAV_ITEMS: NavItem[] = [
  { to: '/dashboard/overview', label: 'Overview', icon: IconLayoutDashboard },
  { to: '/dashboard/customers', label: 'Customers', icon: IconUsers },
  { to: '/dashboard/orders', label: 'Orders', icon: IconShoppingCart },
  { to: '/dashboard/settings', label: 'Settings', icon: IconSettings },
  { to: '/dashboard/account', label: 'Account', icon: IconUserCircle },
]

export const SUPPORT_PHONE = '+1 (555) 010-4477'
