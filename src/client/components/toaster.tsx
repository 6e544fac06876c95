import { useEffect, useState } from 'react'
import { Notifications, useNotifications } from '@mantine/notifications'
import classes from './toaster.module.css'

/** The gap between the toasts and what they stay below. */
const GAP = 12

/**
 * How far down the toasts start: below the top bar (its search, dark-mode switch and
 * avatar) and, while it is on screen, below the page's heading row when that row holds
 * buttons (Export CSV, Import CSV, Add; Edit and Delete on a record's page), on every
 * width. A heading alone (History) leaves the space beside it to the toasts, rather than
 * pushing them over the list's first rows.
 */
function toastTop(): number {
  let bottom = document.querySelector('header')?.getBoundingClientRect().bottom ?? 0
  const row = document.querySelector('main h1')?.parentElement
  const withButtons = row?.querySelector('button') && getComputedStyle(row).flexDirection === 'row'
  if (row && withButtons) bottom = Math.max(bottom, row.getBoundingClientRect().bottom)
  return Math.round(Math.max(bottom, 0)) + GAP
}

/** Follows the page (scrolling, resizing, moving on) while any toast is up. */
function useToastTop(): number {
  const { notifications } = useNotifications()
  const [top, setTop] = useState(toastTop)
  const showing = notifications.length > 0
  useEffect(() => {
    if (!showing) return
    let frame = 0
    const measure = () => {
      cancelAnimationFrame(frame)
      frame = requestAnimationFrame(() => setTop(toastTop()))
    }
    measure()
    window.addEventListener('scroll', measure, { passive: true })
    window.addEventListener('resize', measure)
    return () => {
      cancelAnimationFrame(frame)
      window.removeEventListener('scroll', measure)
      window.removeEventListener('resize', measure)
    }
  }, [showing, notifications])
  return top
}

/** Loaded on demand by app-providers.tsx. Spec 9: toasts top-right, auto-close after 5000 ms. */
export function Toaster() {
  const top = useToastTop()
  return (
    <Notifications
      position="top-right"
      autoClose={5000}
      classNames={{ root: classes.root }}
      style={{ '--crm-toast-top': `${top}px` }}
    />
  )
}
