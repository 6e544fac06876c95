/** The dashboard screens the palette and the `g` shortcuts go to. */
export const DESTINATIONS = [
  { label: 'Overview', to: '/dashboard/overview' },
  { label: 'Customers', to: '/dashboard/customers', key: 'c' },
  { label: 'Orders', to: '/dashboard/orders', key: 'o' },
  { label: 'History', to: '/dashboard/history', key: 'h' },
  { label: 'Settings', to: '/dashboard/settings' },
  { label: 'Account', to: '/dashboard/account' },
] as const

/** The list screens whose add dialog the palette and `n` open. */
export const ADD_TARGETS = [
  { label: 'Add customer', list: '/dashboard/customers' },
  { label: 'Add order', list: '/dashboard/orders' },
] as const
