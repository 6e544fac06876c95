/**
 * Where the app goes when a session cannot be saved by a refresh. The router registers a
 * handler (memory history in tests); kept apart from api/client.ts so the router does not pull
 * the HTTP client into the landing page's download.
 */
let onUnauthorized: () => void = () => window.location.assign('/login')

export function setUnauthorizedHandler(handler: () => void): void {
  onUnauthorized = handler
}

export function notifyUnauthorized(): void {
  onUnauthorized()
}
