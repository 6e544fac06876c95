import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query'
import { taskSchema, type Task, type TaskInput } from '#shared/tasks'
import { api } from '../../api/client'
import { notifySuccess, notifyUndo } from '../../lib/notify'
import { refreshAfterChange } from '../../lib/refresh-after-change'

const refresh = (qc: QueryClient, id: number, action: string) =>
  refreshAfterChange(qc, { entity: 'task', id, action })

/** The whole task as a PUT sends it (API contract: a PUT replaces every field). */
export const taskBody = (task: Task): TaskInput => ({
  title: task.title,
  details: task.details,
  due_at: task.due_at,
  remind_at: task.remind_at,
  assignee: task.assignee?.id ?? null,
  customer: task.customer,
  order: task.order,
  done: task.done,
  version: task.version,
})

const putTask = (id: number, body: TaskInput) =>
  api.put(`tasks/${id}/`, { json: body }).json(taskSchema)

/** Creates (no `id`) or replaces a task; busy until the lists are fresh. */
export function useSaveTask() {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: ({ id, body }: { id?: number; body: TaskInput }) =>
      id === undefined ? api.post('tasks/', { json: body }).json(taskSchema) : putTask(id, body),
    onSuccess: (task, { id }) => refresh(qc, task.id, id === undefined ? 'create' : 'update'),
  })
}

/** Ticks a task done (the toast 'Task done' offers 'Undo') or opens it again. */
export function useSetTaskDone() {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: ({ task, done }: { task: Task; done: boolean }) =>
      putTask(task.id, { ...taskBody(task), done }),
    onSuccess: async (task, { done }) => {
      await refresh(qc, task.id, 'update')
      if (!done) return
      notifyUndo('Task done', {
        undo: async () => {
          const fresh = await api.get(`tasks/${task.id}/`).json(taskSchema)
          await putTask(task.id, { ...taskBody(fresh), done: false })
          await refresh(qc, task.id, 'update')
        },
        undone: 'Task opened again',
      })
    },
  })
}

export function useDeleteTask() {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: async (id: number) => {
      await api.delete(`tasks/${id}/`)
    },
    onSuccess: async (_, id) => {
      await refresh(qc, id, 'delete')
      notifySuccess('Task deleted')
    },
  })
}

/** POST tasks/{id}/snooze/: the reminder again in `minutes`. */
export function useSnoozeTask() {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: ({ id, minutes }: { id: number; minutes: number }) =>
      api.post(`tasks/${id}/snooze/`, { json: { minutes } }).json(taskSchema),
    onSuccess: (task) => refresh(qc, task.id, 'update'),
  })
}
