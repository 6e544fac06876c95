import { createHmac } from 'node:crypto'

/**
 * `X-Rapport-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`, keyed
 * with the UTF-8 bytes of the whole secret as shown, `whsec_` included (API contract).
 */
export function signatureHeader(secret: string, body: string, unixSeconds: number): string {
  const mac = createHmac('sha256', Buffer.from(secret, 'utf8'))
    .update(`${unixSeconds}.${body}`)
    .digest('hex')
  return `t=${unixSeconds},v1=${mac}`
}
