import { useNotifications } from '@mantine/notifications'
import { lazy, Suspense, useState } from 'react'

const Toaster = lazy(() => import('./toaster').then((m) => ({ default: m.Toaster })))

/**
 * Mounts <Notifications> only once the first toast is asked for: the landing page never
 * shows one, so its download skips the notification components (150 KB budget). Toasts
 * shown before it loads wait in the store and appear as soon as it mounts.
 */
export function DeferredToaster() {
  const { notifications, queue } = useNotifications()
  const [needed, setNeeded] = useState(false)
  if (!needed && notifications.length + queue.length > 0) setNeeded(true)
  return needed ? (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  ) : null
}
