import { QueryClient } from '@tanstack/react-query'

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // Lists change mostly through our own mutations, which invalidate them.
        staleTime: 30_000,
        // One retry smooths a network blip; 4xx answers are final, retrying them only delays the message.
        retry: (failureCount, error) =>
          failureCount < 1 && !(typeof (error as { status?: unknown }).status === 'number'),
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  })
}
