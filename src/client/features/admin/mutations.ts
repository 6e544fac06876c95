import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiKeyQueries, createApiKey, revokeApiKey } from '../../api/api-keys'
import { historyQueries } from '../../api/history'
import {
  createWebhook,
  deleteWebhook,
  redeliver,
  sendTestEvent,
  webhookQueries,
} from '../../api/webhooks'

/** Each write refreshes its list and the history (keys and webhooks are in it). */
function useWrite<I, O>(write: (input: I) => Promise<O>, root: readonly string[]) {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: write,
    onSuccess: () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: root }),
        qc.invalidateQueries({ queryKey: historyQueries.all }),
      ]),
  })
}

export const useCreateApiKey = () => useWrite(createApiKey, apiKeyQueries.all)
export const useRevokeApiKey = () => useWrite(revokeApiKey, apiKeyQueries.all)
export const useCreateWebhook = () => useWrite(createWebhook, webhookQueries.all)
export const useDeleteWebhook = () => useWrite(deleteWebhook, webhookQueries.all)

/** 'Send test event' and 'Redeliver': a new delivery shows in the drawer. */
export const useSendTest = () => useWrite(sendTestEvent, webhookQueries.all)
export const useRedeliver = () =>
  useWrite(
    ({ id, deliveryId }: { id: number; deliveryId: number }) => redeliver(id, deliveryId),
    webhookQueries.all,
  )
