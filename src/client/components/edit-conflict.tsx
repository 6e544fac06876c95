import { Fragment, useState, type ReactNode } from 'react'
import { Alert, Button, Text } from '@mantine/core'
import { IconAlertTriangle } from '@tabler/icons-react'
import type { z } from 'zod'
import { ApiError } from '../api/client'

interface EditSessionProps<T> {
  /** The record as the dialog opens with it. */
  record: T
  /** The form, given the record it edits and a way to start again from a newer one. */
  children: (loaded: T, reload: (current: T) => void) => ReactNode
}

/**
 * Keeps the record an edit started from, version included, while its page refreshes
 * underneath (the live stream): the save sends that version, so someone else's change
 * made meanwhile is refused (409), never overwritten. Reloading remounts the form with
 * the current record.
 */
export function EditSession<T extends { version: number }>({
  record,
  children,
}: EditSessionProps<T>) {
  const [loaded, setLoaded] = useState(record)
  return <Fragment key={loaded.version}>{children(loaded, setLoaded)}</Fragment>
}

/**
 * A save's 409 (API.md "Edits that never overwrite another's"): `current` is the record as
 * it is now. `caught` says whether a failure was that conflict (the dialog shows it) or
 * another failure (spec 8: logged only).
 */
export function useEditConflict<T>(schema: z.ZodType<T>) {
  const [current, setCurrent] = useState<T | null>(null)
  const caught = (error: Error): boolean => {
    if (!(error instanceof ApiError) || error.status !== 409) return false
    const parsed = schema.safeParse(error.current)
    if (parsed.success) setCurrent(parsed.data)
    return parsed.success
  }
  return { current, caught }
}

interface EditConflictProps {
  /** 'customer' or 'order'. */
  what: string
  onReload: () => void
}

/** What the edit dialog says on a 409, with 'Reload' to edit the record as it is now. */
export function EditConflict({ what, onReload }: EditConflictProps) {
  return (
    <Alert
      color="orange"
      variant="light"
      title="Changed by someone else"
      icon={<IconAlertTriangle size={18} aria-hidden />}
      mb="md"
    >
      <Text size="sm">
        This {what} was changed by someone else since you opened it. Your edit was not saved: reload
        to edit the {what} as it is now (your changes here will be replaced).
      </Text>
      <Button size="xs" mt="sm" onClick={onReload}>
        Reload
      </Button>
    </Alert>
  )
}
