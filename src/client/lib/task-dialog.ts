import { useSyncExternalStore } from 'react'
import type { Task } from '#shared/tasks'

/** What the task dialog opens on: a task to edit, or a new one about a customer or an order. */
export interface TaskDialogRequest {
  task?: Task
  customer?: { id: number; name: string }
  order?: { id: number; customer: number | null }
}

// One dashboard is open at a time: module state, as the palette's store.
let request: TaskDialogRequest | null = null
let pageContext: Omit<TaskDialogRequest, 'task'> = {}
const listeners = new Set<() => void>()
const emit = () => listeners.forEach((listener) => listener())

/** Opens 'New task' (or 'Edit task' with `task`); `t` and 'Add task' use the page's context. */
export function openTaskDialog(next: TaskDialogRequest = pageContext): void {
  request = next
  emit()
}

export function closeTaskDialog(): void {
  request = null
  emit()
}

/** A customer or order page says what a new task is about while it is shown. */
export function setTaskContext(context: Omit<TaskDialogRequest, 'task'>): () => void {
  pageContext = context
  return () => {
    if (pageContext === context) pageContext = {}
  }
}

export function useTaskDialogRequest(): TaskDialogRequest | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    () => request,
  )
}
