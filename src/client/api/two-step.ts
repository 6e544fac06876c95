import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { tokenPairSchema } from '#shared/auth'
import {
  recoveryCodesSchema,
  twoStepSetupSchema,
  twoStepStatusSchema,
  type MfaInput,
  type TwoStepDisableInput,
} from '#shared/two-step'
import { api } from './client'

const root = ['two-step'] as const

/** The signed-in agent's two-step sign-in (API contract "Two-step sign-in and sessions"). */
export const twoStepQueries = {
  all: root,
  /** GET 2fa/: on or off. */
  status: () =>
    queryOptions({
      queryKey: [...root, 'status'] as const,
      queryFn: () => api.get('2fa/').json(twoStepStatusSchema),
    }),
}

/** POST 2fa/setup/: a new key, its otpauth:// URL and QR code (nothing on until enabled). */
export function useTwoStepSetupMutation() {
  return useMutation({
    mutationFn: () => api.post('2fa/setup/').json(twoStepSetupSchema),
  })
}

/** POST 2fa/enable/ with a current code: on, and the ten recovery codes shown once. */
export function useTwoStepEnableMutation() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (code: string) =>
      api.post('2fa/enable/', { json: { code } }).json(recoveryCodesSchema),
    onSuccess: () => client.invalidateQueries({ queryKey: root }),
  })
}

/** POST 2fa/disable/ with the password and a code. */
export function useTwoStepDisableMutation() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: async (input: TwoStepDisableInput) => {
      await api.post('2fa/disable/', { json: input })
    },
    onSuccess: () => client.invalidateQueries({ queryKey: root }),
  })
}

/** POST users/token/2fa/: the sign-in's second step, a code for the tokens. */
export function useSecondStepMutation() {
  return useMutation({
    mutationFn: (input: MfaInput) =>
      api.post('users/token/2fa/', { json: input }).json(tokenPairSchema),
  })
}
