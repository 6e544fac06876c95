import { DeleteDialog } from '../../components/delete-dialog'
import type { DialogProps } from '../../components/dialog'
import { useDeleteCustomer } from './mutations'

interface CustomerDeleteDialogProps extends DialogProps {
  id: number | undefined
  /** Spec 8: a delete failure is shown by the page as 'Error: {message}'. */
  onError: (message: string | null) => void
  onDeleted?: () => void
}

/**
 * Spec 2's delete confirmation for a customer, its text saying what Undo and History allow;
 * a Tester reads the refusal (spec 6).
 */
export function CustomerDeleteDialog({ id, ...props }: CustomerDeleteDialogProps) {
  const remove = useDeleteCustomer()
  return (
    <DeleteDialog
      {...props}
      target={id}
      remove={remove}
      refusal="You do not have permission to delete the customer."
      message="This will delete this Customer. You can undo it right after, or restore it later from History."
    />
  )
}
