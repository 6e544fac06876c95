import { useMutation } from '@tanstack/react-query'
import {
  registerResponseSchema,
  tokenPairSchema,
  type LoginInput,
  type RegisterInput,
} from '../../../shared/auth'
import { api } from '../../lib/api'

export function useLoginMutation() {
  return useMutation({
    mutationFn: async (input: LoginInput) =>
      tokenPairSchema.parse(await api.post('users/token/', { json: input }).json()),
  })
}

export function useRegisterMutation() {
  return useMutation({
    mutationFn: async (input: RegisterInput) =>
      registerResponseSchema.parse(await api.post('register/', { json: input }).json()),
  })
}
