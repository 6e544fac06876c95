/**
 * The data's version as it is when asked, read once for every request asking in the same
 * turn of the event loop: the read is sent after each of their calls, so it sees every
 * change committed before they asked (a client's own write on another server included).
 * Under load a turn takes in many requests, and the database answers one small query for
 * all of them.
 */
export class SharedVersion {
  private pending: Promise<number> | undefined

  constructor(private readonly read: () => Promise<number>) {}

  current(): Promise<number> {
    this.pending ??= new Promise<number>((resolve, reject) => {
      setImmediate(() => {
        this.pending = undefined
        this.read().then(resolve, reject)
      })
    })
    return this.pending
  }
}
