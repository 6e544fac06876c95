import { useMutation } from '@tanstack/react-query'
import { registerResponseSchema, type LoginInput, type RegisterInput } from '#shared/auth'
import { signInAnswerSchema } from '#shared/two-step'
import { api } from '../../api/client'

export function useLoginMutation() {
  return useMutation({
    mutationFn: (input: LoginInput) =>
      // The tokens, or (two-step sign-in on) the token for the second step.
      api.post('users/token/', { json: input }).json(signInAnswerSchema),
  })
}

export function useRegisterMutation() {
  return useMutation({
    mutationFn: (input: RegisterInput) =>
      api.post('register/', { json: input }).json(registerResponseSchema),
  })
}
