import { useMantineColorScheme } from '@mantine/core'
import { useDebouncedValue } from '@mantine/hooks'
import {
  IconArrowRight,
  IconKeyboard,
  IconLogout,
  IconMoon,
  IconPlus,
  IconShoppingCart,
  IconUser,
  type Icon,
} from '@tabler/icons-react'
import { useQuery } from '@tanstack/react-query'
import { useNavigate, useRouter } from '@tanstack/react-router'
import { customerQueries } from '../../api/customers'
import { orderQueries } from '../../api/orders'
import { formatAmount } from '../../lib/format'
import { requestAdd } from '../../lib/list-commands'
import { useRole } from '../../lib/role'
import { useSignOut } from '../../lib/sign-out'
import { openTaskDialog } from '../../lib/task-dialog'
import { ADD_TARGETS, DESTINATIONS } from './destinations'

/** One entry of the palette: a record to open or an action to run. */
export interface PaletteItem {
  id: string
  group: 'Customers' | 'Orders' | 'Actions'
  label: string
  description?: string
  icon: Icon
  run: () => void
}

/** Records a search lists of each kind. */
const MATCHES = 5
/** Typing pauses this long before the server is asked. */
const SEARCH_DELAY_MS = 200

/**
 * Customers (name, email) and orders (`ORD-12`, customer name) matching the text, asked
 * of the server once typing pauses. A new text leaves the old request without observers,
 * and TanStack Query aborts it (its AbortSignal reaches fetch).
 */
export function useRecordMatches(text: string): { items: PaletteItem[]; searching: boolean } {
  const navigate = useNavigate()
  const [search] = useDebouncedValue(text.trim(), SEARCH_DELAY_MS)
  const enabled = search !== '' && text.trim() !== ''
  const filters = { search, limit: MATCHES }
  const customers = useQuery({ ...customerQueries.list(filters), enabled })
  const orders = useQuery({ ...orderQueries.list(filters), enabled })
  // Only records that answer the text as it stands: while typing pauses, or the answer is
  // on its way, an earlier text's records (the lists keep the previous page meanwhile)
  // would come first, and Enter would open one of them (seen in a CI run: 'go to orders'
  // opened the customer found for the text typed before).
  if (!enabled || search !== text.trim()) return { items: [], searching: text.trim() !== '' }
  const answered = <T>(query: { data?: T; isPlaceholderData: boolean }) =>
    query.isPlaceholderData ? undefined : query.data
  const items: PaletteItem[] = [
    ...(answered(customers)?.Customers ?? []).map((customer) => ({
      id: `customer-${customer.id}`,
      group: 'Customers' as const,
      label: customer.name,
      description: customer.email || undefined,
      icon: IconUser,
      run: () => void navigate({ to: '/dashboard/customers/$id', params: { id: customer.id } }),
    })),
    ...(answered(orders)?.Orders ?? []).map((order) => ({
      id: `order-${order.id}`,
      group: 'Orders' as const,
      label: `ORD-${order.id}`,
      description: [
        order.customer_name ?? 'Unknown Customer',
        order.status,
        formatAmount(order.total_Amount),
      ].join(' · '),
      icon: IconShoppingCart,
      run: () => void navigate({ to: '/dashboard/orders/$id', params: { id: order.id } }),
    })),
  ]
  const searching = search !== text.trim() || customers.isFetching || orders.isFetching
  return { items, searching }
}

/** What the palette can do, whatever is typed: add, go to a screen, and the rest. */
export function useActions({ showShortcuts }: { showShortcuts: () => void }): PaletteItem[] {
  const navigate = useNavigate()
  const router = useRouter()
  const signOut = useSignOut()
  const { colorScheme, setColorScheme } = useMantineColorScheme()
  const { role, canWrite } = useRole()
  const action = (id: string, label: string, icon: Icon, run: () => void): PaletteItem => ({
    id: `action-${id}`,
    group: 'Actions',
    label,
    icon,
    run,
  })
  return [
    ...ADD_TARGETS.map(({ label, list }) =>
      action(`add${list}`, label, IconPlus, () => {
        // The list screen opens its add dialog once it is there (lib/list-commands.ts).
        requestAdd(list)
        if (router.state.location.pathname !== list) void navigate({ to: list })
      }),
    ),
    // BEYOND.md "Tasks": the dialog 'New task', about the page's customer or order.
    ...(canWrite ? [action('add-task', 'Add task', IconPlus, () => openTaskDialog())] : []),
    ...DESTINATIONS.map(({ label, to }) =>
      action(`go${to}`, `Go to ${label}`, IconArrowRight, () => void navigate({ to })),
    ),
    // BEYOND.md "Team screen": an Admin's only.
    ...(role === 'Admin'
      ? [
          action(
            'team',
            'Go to Team',
            IconArrowRight,
            () => void navigate({ to: '/dashboard/team' }),
          ),
        ]
      : []),
    action('dark-mode', 'Toggle dark mode', IconMoon, () => {
      // As the top bar's switch does (spec 2): the `dark` class and Mantine's scheme.
      const dark = colorScheme !== 'dark'
      document.documentElement.classList.toggle('dark', dark)
      setColorScheme(dark ? 'dark' : 'light')
    }),
    action('shortcuts', 'Keyboard shortcuts', IconKeyboard, showShortcuts),
    action('sign-out', 'Sign out', IconLogout, signOut),
  ]
}

/** The actions whose name holds every word typed, in their usual order. */
export function matchingActions(actions: PaletteItem[], text: string): PaletteItem[] {
  const words = text.trim().toLowerCase().split(/\s+/).filter(Boolean)
  return actions.filter((a) => words.every((word) => a.label.toLowerCase().includes(word)))
}
