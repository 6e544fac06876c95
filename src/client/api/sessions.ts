import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { revokedSchema, sessionListSchema } from '#shared/sessions'
import { api } from './client'

const root = ['sessions'] as const

/** The signed-in agent's sessions (API contract "Two-step sign-in and sessions"). */
export const sessionQueries = {
  all: root,
  list: () =>
    queryOptions({
      queryKey: [...root, 'list'] as const,
      queryFn: async () => (await api.get('sessions/').json(sessionListSchema)).Sessions,
    }),
}

/** DELETE sessions/{id}/: that device is signed out at once. */
export function useEndSessionMutation() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: async (id: string) => {
      await api.delete(`sessions/${encodeURIComponent(id)}/`)
    },
    onSettled: () => client.invalidateQueries({ queryKey: root }),
  })
}

/** POST sessions/revoke-others/: every session but this one ends. */
export function useEndOtherSessionsMutation() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: () => api.post('sessions/revoke-others/').json(revokedSchema),
    onSettled: () => client.invalidateQueries({ queryKey: root }),
  })
}
