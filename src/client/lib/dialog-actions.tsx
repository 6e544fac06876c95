import { Button, Group, type MantineColor } from '@mantine/core'

export interface DialogAction {
  label: string
  busyLabel: string
  /** True until the write and the refresh after it are done (STYLE rule 6). */
  busy: boolean
  /** Without it the button submits the form it stands in. */
  onClick?: () => void
  color?: MantineColor
}

interface DialogActionsProps {
  onCancel: () => void
  /** Left out when the user may not act (spec 6): only Cancel is offered. */
  action?: DialogAction
}

/** The one dialog footer: Cancel, then the action that stays busy while it runs. */
export function DialogActions({ onCancel, action }: DialogActionsProps) {
  return (
    <Group justify="flex-end" mt="lg">
      <Button variant="default" onClick={onCancel}>
        Cancel
      </Button>
      {action && (
        <Button
          type={action.onClick ? 'button' : 'submit'}
          color={action.color}
          disabled={action.busy}
          onClick={action.onClick}
        >
          {action.busy ? action.busyLabel : action.label}
        </Button>
      )}
    </Group>
  )
}
