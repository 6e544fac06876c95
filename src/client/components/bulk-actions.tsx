import { useState } from 'react'
import { Button, Select } from '@mantine/core'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { CustomerBulkInput, OrderBulkInput } from '#shared/bulk'
import { postBulk } from '../api/bulk'
import { notifyUndo } from '../lib/notify'
import { refreshAfterChange } from '../lib/refresh-after-change'
import { ConfirmDialog } from './confirm-dialog'
import { DialogActions, DialogFrame } from './dialog'
import type { Selection } from './use-selection'

type Body = CustomerBulkInput | OrderBulkInput

interface BulkActionsProps {
  resource: 'customers' | 'orders'
  selection: Selection
  /** The change besides Delete: 'Assign owner' (Owner) or 'Set status' (Status). */
  change: {
    label: string
    field: string
    options: { value: string; label: string }[]
    body: (ids: number[], value: string) => Body
  }
}

const ENTITY = { customers: 'customer', orders: 'order' } as const
/** '1 customer', '12 customers', '1,000 orders'. */
const countOf = (n: number, entity: string) =>
  `${n.toLocaleString('en-US')} ${entity}${n === 1 ? '' : 's'}`

/** The bar's actions: the screen's change (a select and 'Apply'), and Delete with Undo. */
export function BulkActions({ resource, selection, change }: BulkActionsProps) {
  const qc = useQueryClient()
  const entity = ENTITY[resource]
  const refresh = () => refreshAfterChange(qc, { entity, id: null, action: 'bulk' })
  const bulk = useMutation({
    mutationFn: (body: Body) => postBulk(resource, body),
    onSuccess: () => refresh(),
  })
  const [open, setOpen] = useState<'change' | 'delete' | null>(null)
  const [value, setValue] = useState<string | null>(null)
  const ids = [...selection.ids]
  const close = () => {
    bulk.reset()
    setOpen(null)
  }
  const done = () => {
    selection.clear()
    setOpen(null)
  }
  const remove = () =>
    bulk.mutate(
      { action: 'delete', ids },
      {
        onSuccess: () => {
          done()
          notifyUndo(`${countOf(ids.length, entity)} deleted`, {
            undo: () => postBulk(resource, { action: 'restore', ids }).then(refresh),
            undone: `${countOf(ids.length, entity)} restored`,
          })
        },
      },
    )
  return (
    <>
      <Button size="compact-sm" variant="default" onClick={() => setOpen('change')}>
        {change.label}
      </Button>
      <Button size="compact-sm" color="red" variant="light" onClick={() => setOpen('delete')}>
        Delete
      </Button>
      <DialogFrame opened={open === 'change'} onClose={close} title={change.label}>
        <form
          onSubmit={(event) => {
            event.preventDefault()
            if (value !== null) bulk.mutate(change.body(ids, value), { onSuccess: done })
          }}
        >
          <Select
            label={change.field}
            data={change.options}
            value={value}
            onChange={setValue}
            error={bulk.error?.message}
            comboboxProps={{ withinPortal: false }}
          />
          <DialogActions
            onCancel={close}
            action={{ label: 'Apply', busyLabel: 'Applying...', busy: bulk.isPending }}
          />
        </form>
      </DialogFrame>
      <ConfirmDialog
        opened={open === 'delete'}
        onClose={close}
        title="Delete"
        message={`Delete ${countOf(ids.length, entity)}?`}
        error={bulk.error?.message}
        action={{
          label: 'Delete',
          busyLabel: 'Deleting...',
          busy: bulk.isPending,
          color: 'red',
          onConfirm: remove,
        }}
      />
    </>
  )
}
