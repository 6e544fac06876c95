import { SegmentedControl, Textarea } from '@mantine/core'
import type { NoteKind } from '#shared/notes'
import { KIND_OPTIONS } from './kinds'

/** A note's 'Kind' choice and its text box, as the composer and the editor show them. */
export function NoteFields({
  label,
  kind,
  onKind,
  body,
  onBody,
}: {
  label: string
  kind: NoteKind
  onKind: (kind: NoteKind) => void
  body: string
  onBody: (body: string) => void
}) {
  return (
    <>
      <SegmentedControl
        aria-label="Kind"
        data={KIND_OPTIONS}
        value={kind}
        onChange={(value) => onKind(value as NoteKind)}
        style={{ alignSelf: 'flex-start' }}
      />
      <Textarea
        label={label}
        rows={3}
        value={body}
        onChange={(event) => onBody(event.currentTarget.value)}
      />
    </>
  )
}
