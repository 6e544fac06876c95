import { useMutation } from '@tanstack/react-query'
import { messageSchema, type PasswordUpdateInput } from '../../../shared/auth'
import { api } from '../../lib/api'

export function useUpdatePasswordMutation() {
  return useMutation({
    mutationFn: async (input: PasswordUpdateInput) =>
      messageSchema.parse(await api.post('update-password/', { json: input }).json()),
  })
}
