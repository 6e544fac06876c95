import { http, HttpResponse, type RequestHandler } from 'msw'
import { requireAccess } from '../auth-check'
import { followUps } from './follow-up-data'
import { notFound, parseId } from './write-guard'

/** Happy paths of the API contract "Reminders": the signed-in agent's own. */
export const reminderHandlers: RequestHandler[] = [
  http.get('*/api/reminders/', ({ request }) => {
    const userId = requireAccess(request)
    if (userId instanceof Response) return userId
    const Reminders = followUps()
      .reminders.filter((r) => r.task.assignee?.id === userId)
      .sort((a, b) => b.id - a.id)
    const unseen = Reminders.filter((r) => r.seen_at === null).length
    return HttpResponse.json({
      Reminders,
      unseen,
      count: Reminders.length,
      count_exact: true,
      next: null,
    })
  }),
  http.post('*/api/reminders/seen/', ({ request }) => {
    const userId = requireAccess(request)
    if (userId instanceof Response) return userId
    for (const r of followUps().reminders) r.seen_at ??= new Date().toISOString()
    return HttpResponse.json({ unseen: 0 })
  }),
  http.post('*/api/reminders/:id/seen/', ({ request, params }) => {
    const userId = requireAccess(request)
    if (userId instanceof Response) return userId
    const id = parseId(params)
    if (id instanceof Response) return id
    const reminder = followUps().reminders.find((r) => r.id === id)
    if (!reminder) return notFound('Reminder')
    reminder.seen_at ??= new Date().toISOString()
    return HttpResponse.json(reminder)
  }),
]
