/**
 * Where the API is: client.ts's prefix, and the base of the requests sent as a page starts
 * (early-requests.ts). Absolute: STACK.md, a relative prefix throws "Failed to parse URL"
 * under jsdom.
 */
export const apiPrefix = new URL('/api/', location.href).toString()
