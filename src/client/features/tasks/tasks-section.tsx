import { useEffect } from 'react'
import { Button, Group, Stack, Title } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { taskQueries } from '../../api/tasks'
import { ErrorText, TableLoader } from '../../components/data-table'
import { useRole } from '../../lib/role'
import { TaskList } from './task-row'
import { openTaskDialog, setTaskContext, type TaskDialogRequest } from '../../lib/task-dialog'

type About =
  Required<Pick<TaskDialogRequest, 'customer'>> | Required<Pick<TaskDialogRequest, 'order'>>

/** A customer's or an order's open tasks and 'Add task' already about it (`t` does the same). */
export function TasksSection({ about }: { about: About }) {
  const { canWrite } = useRole()
  const filter = 'order' in about ? { order: about.order.id } : { customer: about.customer.id }
  const tasks = useQuery(taskQueries.forRecord(filter))
  const key = JSON.stringify(about)
  // eslint-disable-next-line react-hooks/exhaustive-deps -- `key` stands for `about`
  useEffect(() => setTaskContext(about), [key])
  return (
    <Stack component="section" aria-labelledby="tasks-heading" gap="sm">
      <Group justify="space-between">
        <Title order={2} size="h3" id="tasks-heading">
          Tasks
        </Title>
        {canWrite && <Button onClick={() => openTaskDialog(about)}>Add task</Button>}
      </Group>
      {tasks.isPending && <TableLoader label="Loading tasks" />}
      {tasks.isError && <ErrorText message={tasks.error.message} />}
      {tasks.data && (
        <TaskList
          tasks={tasks.data.Tasks}
          canWrite={canWrite}
          empty="No open tasks."
          on={'order' in about ? 'order' : 'customer'}
        />
      )}
    </Stack>
  )
}
