import { closeTaskDialog, useTaskDialogRequest } from '../../lib/task-dialog'
import { useRole } from '../../lib/role'
import { TaskDialog, type CustomerPicker } from './task-dialog'

/** The dashboard's one task dialog, opened from anywhere (`t`, 'Add task', a task's title). */
export function TaskDialogHost({ customerPicker }: { customerPicker: CustomerPicker }) {
  const request = useTaskDialogRequest()
  const { canWrite } = useRole()
  // A Tester changes no task: no dialog (the server refuses anyway).
  if (!request || !canWrite) return null
  // A new key per request: the form starts from what was asked for.
  return (
    <TaskDialog
      key={JSON.stringify(request)}
      request={request}
      onClose={closeTaskDialog}
      customerPicker={customerPicker}
    />
  )
}
