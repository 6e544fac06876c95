import { useQueryClient } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { clearSession } from './tokens'

/** Logout (spec 2), from the account menu or the command palette: one way to do it. */
export function useSignOut(): () => void {
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  return () => {
    clearSession()
    void navigate({ to: '/login' })
      // Cached role and records belong to the agent who just left. Cleared once the
      // dashboard has unmounted, so no query still on screen asks again without a token.
      .then(() => queryClient.clear())
  }
}
