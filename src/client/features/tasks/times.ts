/** `YYYY-MM-DDTHH:mm` in the browser's zone, as a datetime-local field holds it. */
export function toLocalInput(iso: string | null): string {
  if (!iso) return ''
  const date = new Date(iso)
  const pad = (n: number) => String(n).padStart(2, '0')
  return (
    `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}` +
    `T${pad(date.getHours())}:${pad(date.getMinutes())}`
  )
}

/** The instant a datetime-local value names, ISO with Z; null when empty or not a time. */
export function fromLocalInput(value: string): string | null {
  if (!value) return null
  const date = new Date(value)
  return Number.isNaN(date.getTime()) ? null : date.toISOString()
}

/** 'Remind me' choices (BEYOND.md "Tasks"): minutes before the due time. */
export const REMIND_CHOICES = [
  { value: '0', label: 'At due time' },
  { value: '15', label: '15 minutes before' },
  { value: '60', label: '1 hour before' },
  { value: '1440', label: '1 day before' },
  { value: 'none', label: 'No reminder' },
] as const

/** A reminder that is none of the choices (a snooze moved it) stays as it is. */
export const KEEP_REMINDER = 'keep'

/** The choice a task's times match, or `keep`. */
export function remindChoice(dueAt: string | null, remindAt: string | null): string {
  if (remindAt === null) return 'none'
  if (dueAt === null) return KEEP_REMINDER
  const before = (Date.parse(dueAt) - Date.parse(remindAt)) / 60_000
  const match = REMIND_CHOICES.find((choice) => choice.value === String(before))
  return match ? match.value : KEEP_REMINDER
}

/** `remind_at` for a choice, from the due time. */
export function remindAt(choice: string, dueAt: string | null, kept: string | null): string | null {
  if (choice === KEEP_REMINDER) return kept
  if (choice === 'none' || dueAt === null) return null
  return new Date(Date.parse(dueAt) - Number(choice) * 60_000).toISOString()
}
