/** A promise the test resolves, so a loading state cannot slip by unseen. */
export function gate() {
  let release = () => {}
  const wait = new Promise<void>((resolve) => (release = resolve))
  return { wait, release }
}
