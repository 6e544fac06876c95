import { Anchor, type AnchorProps } from '@mantine/core'
import { createLink, type LinkComponent } from '@tanstack/react-router'
import type { ComponentPropsWithRef } from 'react'

type AnchorElementProps = Omit<AnchorProps, 'href'> & ComponentPropsWithRef<'a'>

// The size of the text around it (a table cell's, a detail's), not Anchor's own.
function AnchorElement(props: AnchorElementProps) {
  return <Anchor fz="inherit" {...props} />
}

const RouterAnchor = createLink(AnchorElement)

/**
 * A Mantine anchor that is a router link, typed by the route it leads to (its params
 * checked), which `<Anchor component={Link}>` cannot do.
 */
export const AnchorLink: LinkComponent<typeof AnchorElement> = (props) => (
  <RouterAnchor {...props} />
)
