import { HttpResponse, type RequestHandler } from 'msw'
import { followUps } from './follow-up-data'
import { signedIn } from './signed-in'
import { notFound, parseId } from './write-guard'

/** Happy paths of the API contract "Reminders": the signed-in agent's own. */
export const reminderHandlers: RequestHandler[] = [
  signedIn.get('*/api/reminders/', ({ userId }) => {
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
  signedIn.post('*/api/reminders/seen/', () => {
    for (const r of followUps().reminders) r.seen_at ??= new Date().toISOString()
    return HttpResponse.json({ unseen: 0 })
  }),
  signedIn.post('*/api/reminders/:id/seen/', ({ params }) => {
    const id = parseId(params)
    if (id instanceof Response) return id
    const reminder = followUps().reminders.find((r) => r.id === id)
    if (!reminder) return notFound('Reminder')
    reminder.seen_at ??= new Date().toISOString()
    return HttpResponse.json(reminder)
  }),
]
