import type { TaskQuery } from '../../api/tasks'

/** The Tasks screen's segments, in order (BEYOND.md "Tasks"), with `?due=` values. */
export const SEGMENTS = [
  { value: 'open', label: 'Open' },
  { value: 'overdue', label: 'Overdue' },
  { value: 'today', label: 'Today' },
  { value: 'upcoming', label: 'Upcoming' },
  { value: 'none', label: 'No date' },
  { value: 'done', label: 'Done' },
] as const
export type Segment = (typeof SEGMENTS)[number]['value']

export interface TasksSearch {
  due?: Exclude<Segment, 'open'>
  assignee?: 'all'
}

const isSegment = (value: unknown): value is Segment =>
  SEGMENTS.some((segment) => segment.value === value)

/** `?due=overdue&assignee=all`; anything else is the default (open, mine). */
export function validateTasksSearch(raw: Record<string, unknown>): TasksSearch {
  const due = isSegment(raw.due) && raw.due !== 'open' ? raw.due : undefined
  return { ...(due ? { due } : {}), ...(raw.assignee === 'all' ? { assignee: 'all' } : {}) }
}

/** How many tasks the screen lists at first and adds with each 'Load more'. */
export const TASKS_LIMIT = 50

/** GET tasks/ of a segment: done ones newest done first, open ones by due time. */
export function tasksQuery({ due, assignee }: TasksSearch): TaskQuery & { limit: number } {
  const who = assignee ?? 'me'
  if (due === 'done') return { done: true, assignee: who, ordering: '-done_at', limit: TASKS_LIMIT }
  return { due: due ?? 'open', assignee: who, limit: TASKS_LIMIT }
}
