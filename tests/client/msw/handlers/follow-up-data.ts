import type { Note } from '../../../../src/shared/notes'
import type { Reminder } from '../../../../src/shared/reminders'
import type { Task } from '../../../../src/shared/tasks'
import { mockDb } from '../data'

interface FollowUps {
  notes: Note[]
  tasks: Task[]
  reminders: Reminder[]
  nextId: number
}

// One store per reset of the mock data (resetMockData gives customers a new array).
const stores = new WeakMap<object, FollowUps>()

/** The notes, tasks and reminders of the in-memory store, empty after each reset. */
export function followUps(): FollowUps {
  let store = stores.get(mockDb.customers)
  if (!store) {
    store = { notes: [], tasks: [], reminders: [], nextId: 1 }
    stores.set(mockDb.customers, store)
  }
  return store
}

export const agentRef = (id: number) => ({ id, username: id === 1 ? 'johndoe' : `agent${id}` })

const now = () => new Date().toISOString()

/** A task as the server would answer it, with defaults for what is left out. */
export function makeTask(fields: Partial<Task> & { title: string }): Task {
  const store = followUps()
  const customer = mockDb.customers.find((c) => c.id === fields.customer)
  return {
    id: store.nextId++,
    details: '',
    due_at: null,
    remind_at: null,
    assignee: agentRef(1),
    customer: null,
    customer_name: customer?.name ?? null,
    order: null,
    done: false,
    done_at: null,
    created_by: agentRef(1),
    created_at: now(),
    updated_at: now(),
    version: 1,
    ...fields,
  }
}
