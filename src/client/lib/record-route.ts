/**
 * A record page's loader awaits its reads (`queryClient.ensureQueryData(...)`), so a deep
 * link, or a hovered link's preload, paints the page complete. A failure is not thrown:
 * the page shows it in place ('Customer not found', 'Error: …') from the query's state.
 */
export async function loadRecord(...reads: Promise<unknown>[]): Promise<void> {
  await Promise.allSettled(reads)
}
