import type { NoteKind } from '#shared/notes'

/** The composer's and the list's names of each kind (BEYOND.md "Notes"). */
export const KIND_LABELS: Record<NoteKind, string> = {
  note: 'Note',
  call: 'Call',
  email: 'Email',
  meeting: 'Meeting',
}

export const KIND_OPTIONS = Object.entries(KIND_LABELS).map(([value, label]) => ({ value, label }))
