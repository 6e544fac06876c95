import { useMediaQuery } from '@mantine/hooks'

/** BEYOND.md "Phone": below 600 px wide, lists become cards and wide controls narrow down. */
export const PHONE_QUERY = '(max-width: 37.49em)'

/**
 * True on a phone-sized window, following resizes and rotation. Read on the first render
 * (not in an effect), so a phone never paints the wide layout first; jsdom's matchMedia
 * stub answers false, so tests see the wide layout unless they say otherwise.
 */
export function usePhone(): boolean {
  return useMediaQuery(PHONE_QUERY, undefined, { getInitialValueInEffect: false })
}
