import { queryOptions } from '@tanstack/react-query'
import {
  apiKeyListSchema,
  createdApiKeySchema,
  type ApiKeyInput,
  type CreatedApiKey,
} from '#shared/api-keys'
import { api } from './client'

const root = ['api-keys'] as const

/** GET api-keys/ (API contract "API keys and webhooks", Admin only). */
export const apiKeyQueries = {
  all: root,
  list: () =>
    queryOptions({
      queryKey: [...root, 'list'] as const,
      queryFn: ({ signal }) => api.get('api-keys/', { signal }).json(apiKeyListSchema),
    }),
}

/** POST api-keys/: the answer carries the secret, shown this once. */
export function createApiKey(input: ApiKeyInput): Promise<CreatedApiKey> {
  return api.post('api-keys/', { json: input }).json(createdApiKeySchema)
}

/** DELETE api-keys/{id}/: every server refuses the key from then on. */
export async function revokeApiKey(id: number): Promise<void> {
  await api.delete(`api-keys/${id}/`)
}
