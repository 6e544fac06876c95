import { createSpotlight } from '@mantine/spotlight'

/**
 * The command palette's state (Mantine Spotlight's store): opened by the top bar's search
 * icon and by Ctrl+K / ⌘K. A store of its own, since Mantine's default one is not
 * exported and the palette moves its selection as its results change.
 */
export const [paletteStore, palette] = createSpotlight()
