import { useEffect, useState } from 'react'
import { Notifications, useNotifications } from '@mantine/notifications'
import classes from './toaster.module.css'

/** The gap between the toasts and what they stay below. */
const GAP = 12

/**
 * How far down the toasts start: below the top bar (its search, dark-mode switch and
 * avatar) and, while it is on screen, below the page's heading row with its buttons
 * (Export CSV, Import CSV, Add; Edit and Delete on a record's page), on every width.
 */
function toastTop(): number {
  let bottom = document.querySelector('header')?.getBoundingClientRect().bottom ?? 0
  const heading = document.querySelector('main h1')
  // The heading shares a row with the page's buttons when its parent lays out in a row.
  const row = heading?.parentElement
  const band = row && getComputedStyle(row).flexDirection === 'row' ? row : heading
  if (band) bottom = Math.max(bottom, band.getBoundingClientRect().bottom)
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
