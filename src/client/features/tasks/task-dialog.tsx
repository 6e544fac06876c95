import { useState } from 'react'
import { Button, Select, Stack, Text, TextInput, Textarea } from '@mantine/core'
import type { TaskInput } from '#shared/tasks'
import { DialogActions, DialogFrame } from '../../components/dialog'
import { ErrorText } from '../../components/data-table'
import { serverFields } from '../../lib/server-fields'
import { currentUserId } from '../../lib/tokens'
import type { ComponentType } from 'react'
import { AssigneeSelect, NOBODY } from './assignee-select'
import { useDeleteTask, useSaveTask } from './mutations'
import type { TaskDialogRequest } from '../../lib/task-dialog'
import {
  fromLocalInput,
  KEEP_REMINDER,
  remindAt,
  remindChoice,
  REMIND_CHOICES,
  toLocalInput,
} from './times'

/** The customers' search-as-you-type picker (the orders feature's; the route hands it in). */
export type CustomerPicker = ComponentType<{
  label: string
  clearable: boolean
  value: string | null
  onChange: (value: string | null) => void
  initialOption: { id: number; name: string } | null
  error?: string
}>

const FIELDS = ['title', 'details', 'due_at', 'remind_at', 'assignee', 'customer', 'order'] as const

/** 'New task' / 'Edit task' (BEYOND.md "Tasks"). */
interface TaskDialogProps {
  request: TaskDialogRequest
  onClose: () => void
  customerPicker: CustomerPicker
}

export function TaskDialog({ request, onClose, customerPicker: CustomerSelect }: TaskDialogProps) {
  const { task } = request
  const me = currentUserId()
  const [title, setTitle] = useState(task?.title ?? '')
  const [details, setDetails] = useState(task?.details ?? '')
  const [due, setDue] = useState(toLocalInput(task?.due_at ?? null))
  const [remind, setRemind] = useState(task ? remindChoice(task.due_at, task.remind_at) : '0')
  const [assignee, setAssignee] = useState(
    task ? String(task.assignee?.id ?? NOBODY) : me === null ? NOBODY : String(me),
  )
  const [customer, setCustomer] = useState<number | null>(
    task?.customer ?? request.customer?.id ?? null,
  )
  const order = task?.order ?? request.order?.id ?? null
  const save = useSaveTask()
  const remove = useDeleteTask()
  const errors = save.error ? serverFields(save.error, FIELDS) : {}
  const otherError = save.error && Object.keys(errors).length === 0 ? save.error.message : undefined
  const dueAt = fromLocalInput(due)
  const remindOptions = [
    ...(remind === KEEP_REMINDER && task?.remind_at
      ? [{ value: KEEP_REMINDER, label: `As set: ${new Date(task.remind_at).toLocaleString()}` }]
      : []),
    ...REMIND_CHOICES.map((choice) => ({ ...choice, disabled: !dueAt && choice.value !== 'none' })),
  ]
  const submit = () => {
    const body: TaskInput = {
      title,
      details,
      due_at: dueAt,
      remind_at: remindAt(remind, dueAt, task?.remind_at ?? null),
      assignee: assignee === NOBODY ? null : Number(assignee),
      order,
      ...(order === null || task ? { customer } : {}),
      ...(task ? { done: task.done, version: task.version } : {}),
    }
    save.mutate({ id: task?.id, body }, { onSuccess: onClose })
  }
  return (
    <DialogFrame opened onClose={onClose} title={task ? 'Edit task' : 'New task'}>
      <Stack
        component="form"
        gap="sm"
        onSubmit={(event) => {
          event.preventDefault()
          submit()
        }}
      >
        <TextInput
          label="Title"
          required
          data-autofocus
          value={title}
          onChange={(event) => setTitle(event.currentTarget.value)}
          error={errors.title}
        />
        <Textarea
          label="Details"
          rows={3}
          value={details}
          onChange={(event) => setDetails(event.currentTarget.value)}
          error={errors.details}
        />
        <TextInput
          label="Due"
          type="datetime-local"
          value={due}
          onChange={(event) => setDue(event.currentTarget.value)}
          error={errors.due_at}
        />
        <Select
          label="Remind me"
          data={remindOptions}
          value={dueAt || remind === KEEP_REMINDER ? remind : 'none'}
          onChange={(value) => setRemind(value ?? 'none')}
          allowDeselect={false}
          error={errors.remind_at}
        />
        <AssigneeSelect
          value={assignee}
          onChange={setAssignee}
          current={task?.assignee ?? null}
          error={errors.assignee}
        />
        {order !== null ? (
          <Text size="sm">Order ORD-{order}</Text>
        ) : (
          <CustomerSelect
            label="Customer"
            clearable
            value={customer === null ? null : String(customer)}
            onChange={(value) => setCustomer(value === null ? null : Number(value))}
            initialOption={
              request.customer ??
              (task?.customer ? { id: task.customer, name: task.customer_name ?? '' } : null)
            }
            error={errors.customer}
          />
        )}
        {otherError && <ErrorText message={otherError} />}
        {task && (
          <Button
            variant="subtle"
            color="red"
            style={{ alignSelf: 'flex-start' }}
            loading={remove.isPending}
            onClick={() => remove.mutate(task.id, { onSuccess: onClose })}
          >
            Delete
          </Button>
        )}
        <DialogActions
          onCancel={onClose}
          action={{
            label: task ? 'Save task' : 'Create task',
            busyLabel: task ? 'Saving…' : 'Creating…',
            busy: save.isPending,
          }}
        />
      </Stack>
    </DialogFrame>
  )
}
