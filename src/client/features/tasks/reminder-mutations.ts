import { useMutation, useQueryClient } from '@tanstack/react-query'
import { allSeenSchema, reminderSchema } from '#shared/reminders'
import { api } from '../../api/client'
import { reminderQueries } from '../../api/reminders'

/** POST reminders/{id}/seen/: 'Open' and 'Done' on a notification. */
export function useMarkSeen() {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: (id: number) => api.post(`reminders/${id}/seen/`).json(reminderSchema),
    onSuccess: () => qc.invalidateQueries({ queryKey: reminderQueries.all }),
  })
}

/** POST reminders/seen/: opening the bell's panel. */
export function useMarkAllSeen() {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: () => api.post('reminders/seen/').json(allSeenSchema),
    onSuccess: () => qc.invalidateQueries({ queryKey: reminderQueries.all }),
  })
}
