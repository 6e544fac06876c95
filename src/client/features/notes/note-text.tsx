import { Anchor, Text } from '@mantine/core'

// Web addresses: http(s):// or www., up to a space or a character that cannot end one.
const ADDRESS = /\b(?:https?:\/\/|www\.)[^\s<>"]+[^\s<>".,;:!?)\]'}]/gi

/** The link a found address opens: only http and https, never javascript: or data:. */
function hrefOf(address: string): string | undefined {
  const url = /^www\./i.test(address) ? `https://${address}` : address
  try {
    const parsed = new URL(url)
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.href : undefined
  } catch {
    return undefined
  }
}

/**
 * A note's plain text (BEYOND.md "Notes"): its line breaks kept and web addresses as links
 * opening in a new tab. React escapes every piece, so nothing in it runs or renders as HTML.
 */
export function NoteText({ body }: { body: string }) {
  const parts: React.ReactNode[] = []
  let last = 0
  for (const match of body.matchAll(ADDRESS)) {
    const href = hrefOf(match[0])
    if (!href) continue
    parts.push(body.slice(last, match.index))
    parts.push(
      <Anchor key={match.index} href={href} target="_blank" rel="noopener noreferrer">
        {match[0]}
      </Anchor>,
    )
    last = match.index + match[0].length
  }
  parts.push(body.slice(last))
  return (
    <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
      {parts}
    </Text>
  )
}
