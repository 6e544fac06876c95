import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query'
import { noteSchema, type Note, type NoteCreateInput, type NoteKind } from '#shared/notes'
import { api } from '../../api/client'
import { notifyUndo } from '../../lib/notify'
import { refreshAfterChange } from '../../lib/refresh-after-change'

const refresh = (qc: QueryClient, note: Pick<Note, 'id' | 'customer'>, action: string) =>
  refreshAfterChange(qc, { entity: 'note', id: note.id, action, customer: note.customer })

export function useCreateNote() {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: (input: NoteCreateInput) => api.post('notes/', { json: input }).json(noteSchema),
    onSuccess: (note) => refresh(qc, note, 'create'),
  })
}

/** PUT notes/{id}/ with the version it was loaded at: a 409 if someone changed it since. */
export function useUpdateNote() {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: ({ note, kind, body }: { note: Note; kind: NoteKind; body: string }) =>
      api
        .put(`notes/${note.id}/`, { json: { kind, body, version: note.version } })
        .json(noteSchema),
    onSuccess: (note) => refresh(qc, note, 'update'),
  })
}

/** After the list is fresh, the toast 'Note deleted' offers 'Undo' (BEYOND.md "Notes"). */
export function useDeleteNote() {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: async (note: Note) => {
      await api.delete(`notes/${note.id}/`)
    },
    onSuccess: async (_, note) => {
      await refresh(qc, note, 'delete')
      notifyUndo('Note deleted', {
        undo: async () => {
          const restored = await api.post(`notes/${note.id}/restore/`).json(noteSchema)
          await refresh(qc, restored, 'restore')
        },
        undone: 'Note restored',
      })
    },
  })
}
