import type { TeamAgent } from '#shared/agent'
import { ConfirmDialog } from '../../components/confirm-dialog'
import type { DialogProps } from '../../components/dialog'
import { notifySuccess } from '../../lib/notify'
import { useChangeAgent, type TeamChange } from './mutations'

/** The change waiting for its confirmation, and the agent it is for. */
export interface PendingChange {
  agent: TeamAgent
  change: TeamChange
}

interface Wording {
  title: string
  message: string
  label: string
  busyLabel: string
  done: string
}

function wording({ agent, change }: PendingChange): Wording {
  const who = agent.username
  if ('role' in change) {
    return {
      title: 'Change role?',
      message: `${who} becomes ${change.role === 'Admin' ? 'an' : 'a'} ${change.role} (now ${agent.role}). The new role applies to their next request.`,
      label: 'Change role',
      busyLabel: 'Changing...',
      done: `${who} is now ${change.role === 'Admin' ? 'an' : 'a'} ${change.role}`,
    }
  }
  return change.active
    ? {
        title: `Activate ${who}?`,
        message: `${who} can sign in again.`,
        label: 'Activate',
        busyLabel: 'Activating...',
        done: `${who} activated`,
      }
    : {
        title: `Deactivate ${who}?`,
        message: `${who} is signed out at once and cannot sign in until an Admin activates them again.`,
        label: 'Deactivate',
        busyLabel: 'Deactivating...',
        done: `${who} deactivated`,
      }
}

interface TeamDialogProps extends DialogProps {
  /** Kept while the dialog closes, so its text does not vanish mid-transition. */
  pending: PendingChange | null
}

/** Confirms a role change or (de)activation; the server's refusal (the last Admin) stays in it. */
export function TeamDialog({ pending, opened, onClose }: TeamDialogProps) {
  const change = useChangeAgent()
  if (!pending) return null
  const words = wording(pending)
  const close = () => {
    change.reset()
    onClose()
  }
  return (
    <ConfirmDialog
      opened={opened}
      onClose={close}
      title={words.title}
      message={words.message}
      error={change.error?.message}
      action={{
        label: words.label,
        busyLabel: words.busyLabel,
        busy: change.isPending,
        color: 'active' in pending.change && !pending.change.active ? 'red' : undefined,
        onConfirm: () =>
          change.mutate(pending, {
            onSuccess: () => {
              close()
              notifySuccess(words.done)
            },
          }),
      }}
    />
  )
}
