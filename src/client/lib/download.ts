/**
 * The file name a download answer gives (`Content-Disposition: attachment;
 * filename="customers-2026-11-22.csv"`), or `fallback`.
 */
export function attachmentName(response: Response, fallback: string): string {
  const header = response.headers.get('Content-Disposition') ?? ''
  return /filename="([^"]+)"/.exec(header)?.[1] ?? fallback
}

/** Saves a file the page made or fetched, as the browser saves any download. */
export function saveFile(file: Blob, name: string): void {
  const url = URL.createObjectURL(file)
  const link = document.createElement('a')
  link.href = url
  link.download = name
  document.body.append(link)
  link.click()
  link.remove()
  // Revoked a little later: some browsers read the file only after the click returns.
  setTimeout(() => URL.revokeObjectURL(url), 10_000)
}
