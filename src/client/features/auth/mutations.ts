import { useMutation } from '@tanstack/react-query'
import {
  registerResponseSchema,
  tokenPairSchema,
  type LoginInput,
  type RegisterInput,
} from '../../../shared/auth'
import { api } from '../../api/client'

export function useLoginMutation() {
  return useMutation({
    mutationFn: (input: LoginInput) =>
      api.post('users/token/', { json: input }).json(tokenPairSchema),
  })
}

export function useRegisterMutation() {
  return useMutation({
    mutationFn: (input: RegisterInput) =>
      api.post('register/', { json: input }).json(registerResponseSchema),
  })
}
