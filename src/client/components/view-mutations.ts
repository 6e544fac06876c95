import { useMutation, useQueryClient } from '@tanstack/react-query'
import { viewSchema, type View, type ViewInput } from '#shared/views'
import { api } from '../api/client'
import { viewQueries } from '../api/views'

/** Saved views' writes (API contract "Saved views"); each refreshes the tabs before it ends. */
export function useViewWrites() {
  const qc = useQueryClient()
  const refresh = () => qc.invalidateQueries({ queryKey: viewQueries.all })
  const save = useMutation({
    mutationFn: (input: ViewInput) => api.post('views/', { json: input }).json(viewSchema),
    onSuccess: refresh,
  })
  const update = useMutation({
    mutationFn: ({ view, input }: { view: View; input: ViewInput }) =>
      api.put(`views/${view.id}/`, { json: input }).json(viewSchema),
    onSuccess: refresh,
  })
  const remove = useMutation({
    mutationFn: async (view: View) => {
      await api.delete(`views/${view.id}/`)
    },
    onSuccess: refresh,
  })
  return { save, update, remove }
}
