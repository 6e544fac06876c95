/**
 * The `next` / `after` cursor of a list (API.md "Lists at any size"): opaque to clients,
 * it names the ordering and the last row's sort key and id, so the rows after it are
 * read straight from the ordering's index, whatever the depth.
 */
export interface ListCursor {
  ordering: string
  /** The last row's sort key, as the database wrote it in text (null: a key that may be empty). */
  key: string | null
  id: number
}

const toBase64Url = (text: string) =>
  btoa(String.fromCharCode(...new TextEncoder().encode(text)))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '')

const fromBase64Url = (value: string) =>
  new TextDecoder('utf-8', { fatal: true }).decode(
    Uint8Array.from(atob(value.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0)),
  )

export function encodeCursor({ ordering, key, id }: ListCursor): string {
  return toBase64Url(JSON.stringify([ordering, key, id]))
}

/** The cursor in `value`, or `undefined` when it is not one this server wrote. */
export function decodeCursor(value: string): ListCursor | undefined {
  try {
    const parsed: unknown = JSON.parse(fromBase64Url(value))
    if (!Array.isArray(parsed) || parsed.length !== 3) return undefined
    const [ordering, key, id] = parsed as unknown[]
    if (typeof ordering !== 'string' || (typeof key !== 'string' && key !== null)) return undefined
    if (typeof id !== 'number' || !Number.isSafeInteger(id)) return undefined
    return { ordering, key, id }
  } catch {
    return undefined
  }
}
