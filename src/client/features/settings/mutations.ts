import { useMutation } from '@tanstack/react-query'
import { messageSchema, type PasswordUpdateInput } from '#shared/auth'
import { api } from '../../api/client'

export function useUpdatePasswordMutation() {
  return useMutation({
    mutationFn: (input: PasswordUpdateInput) =>
      api.post('update-password/', { json: input }).json(messageSchema),
  })
}
