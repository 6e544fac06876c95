import { Notifications } from '@mantine/notifications'

/** Loaded on demand by app-providers.tsx. Spec 9: toasts top-right, auto-close after 5000 ms. */
export function Toaster() {
  return <Notifications position="top-right" autoClose={5000} />
}
