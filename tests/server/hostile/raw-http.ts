import net from 'node:net'
import type { Answer } from './corpus'

/**
 * Requests `inject` cannot send because Node's HTTP parser refuses them before Fastify
 * sees anything: unknown methods, broken request lines and headers, smuggling attempts.
 * `{token}` is replaced by the Agent's access token.
 */
export const RAW_REQUESTS: { name: string; text: string }[] = [
  [
    'unknown method',
    'FOO /api/customers HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer {token}\r\n\r\n',
  ],
  ['teapot method', 'BREW /api/health HTTP/1.1\r\nHost: x\r\n\r\n'],
  ['WebDAV method', 'PROPFIND /api/customers HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n'],
  ['lower-case method', 'get /api/health HTTP/1.1\r\nHost: x\r\n\r\n'],
  ['HTTP/9.9', 'GET /api/health HTTP/9.9\r\nHost: x\r\n\r\n'],
  ['no version', 'GET /api/health\r\n\r\n'],
  ['no leading slash', 'GET api/health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n'],
  [
    'absolute form',
    'GET http://evil.example/api/health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n',
  ],
  ['asterisk form', 'OPTIONS * HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n'],
  ['CONNECT', 'CONNECT evil.example:443 HTTP/1.1\r\nHost: evil.example:443\r\n\r\n'],
  ['NUL in the path', 'GET /api/he\0alth HTTP/1.1\r\nHost: x\r\n\r\n'],
  ['space in the path', 'GET /api/ health HTTP/1.1\r\nHost: x\r\n\r\n'],
  ['two Hosts', 'GET /api/health HTTP/1.1\r\nHost: a\r\nHost: b\r\nConnection: close\r\n\r\n'],
  ['space in a header name', 'GET /api/health HTTP/1.1\r\nHost: x\r\nBad Header: y\r\n\r\n'],
  ['header without colon', 'GET /api/health HTTP/1.1\r\nHost: x\r\nnocolon\r\n\r\n'],
  ['folded header', 'GET /api/health HTTP/1.1\r\nHost: x\r\nX-A: 1\r\n  folded\r\n\r\n'],
  ['control character in a header', 'GET /api/health HTTP/1.1\r\nHost: x\r\nX-A: a\x01b\r\n\r\n'],
  ['bare LF lines', 'GET /api/health HTTP/1.1\nHost: x\nConnection: close\n\n'],
  [
    'headers over 16 KiB',
    `GET /api/health HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
  ],
  ['5,000 headers', `GET /api/health HTTP/1.1\r\nHost: x\r\n${'X-A: 1\r\n'.repeat(5_000)}\r\n`],
  [
    'Content-Length and chunked',
    'POST /api/customers HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer {token}\r\nContent-Type: application/json\r\nContent-Length: 4\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\nGET /api/agents/1 HTTP/1.1\r\nHost: x\r\n\r\n',
  ],
  [
    'two Content-Lengths',
    'POST /api/customers HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer {token}\r\nContent-Type: application/json\r\nContent-Length: 2\r\nContent-Length: 14\r\n\r\n{"name":"abc"}',
  ],
  [
    'negative Content-Length',
    'POST /api/customers HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: -1\r\n\r\n{}',
  ],
  [
    'Content-Length not a number',
    'POST /api/customers HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: abc\r\n\r\n{}',
  ],
  [
    'Content-Length past the body',
    'POST /api/customers HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer {token}\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"name":"a"}',
  ],
  [
    'Content-Length past 1 MiB',
    'POST /api/customers HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer {token}\r\nContent-Type: application/json\r\nContent-Length: 99999999999\r\nConnection: close\r\n\r\n{}',
  ],
  [
    'bad chunk size',
    'POST /api/customers HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer {token}\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n{}\r\n0\r\n\r\n',
  ],
  [
    'chunked then other encoding',
    'POST /api/customers HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer {token}\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked, gzip\r\n\r\n2\r\n{}\r\n0\r\n\r\n',
  ],
  ['garbage', '\x16\x03\x01\x02\x00\x01\x00\x01\xfc\x03\x03 not http at all\r\n\r\n'],
].map(([name, text]) => ({ name: name ?? '', text: text ?? '' }))

/**
 * HTTP/1.1 without a Host header: Node answers it itself (`requireHostHeader`), an empty
 * 400 that never reaches Fastify, so it is not the contract's `{ error }`.
 */
export const NO_HOST = 'GET /api/health HTTP/1.1\r\nConnection: close\r\n\r\n'

/** The first answer on a fresh connection, or status 0 when the server just hung up. */
export function sendRaw(port: number, text: string): Promise<Answer> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = []
    const socket = net.connect(port, '127.0.0.1', () => socket.write(Buffer.from(text, 'latin1')))
    // A server waiting for the rest of a body (a Content-Length past the body) answers on
    // its own timeout; closing our side after a moment is what a client would do.
    const timer = setTimeout(() => socket.end(), 800)
    socket.on('data', (chunk: Buffer) => chunks.push(chunk))
    socket.on('error', () => socket.destroy())
    socket.on('close', () => {
      clearTimeout(timer)
      resolve(parse(Buffer.concat(chunks)))
    })
  })
}

function parse(raw: Buffer): Answer {
  const text = raw.toString('latin1')
  const end = text.indexOf('\r\n\r\n')
  if (!text.startsWith('HTTP/') || end < 0) return { status: 0, headers: {}, body: text }
  const [statusLine = '', ...lines] = text.slice(0, end).split('\r\n')
  const headers: Record<string, string> = {}
  for (const line of lines) {
    const colon = line.indexOf(':')
    headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim()
  }
  let body = raw.subarray(Buffer.byteLength(text.slice(0, end + 4), 'latin1'))
  if (headers['content-length']) body = body.subarray(0, Number(headers['content-length']))
  else if (headers['transfer-encoding'] === 'chunked') body = dechunk(body)
  return { status: Number(statusLine.split(' ')[1]), headers, body: body.toString('utf8') }
}

function dechunk(data: Buffer): Buffer {
  const parts: Buffer[] = []
  let at = 0
  while (at < data.length) {
    const lineEnd = data.indexOf('\r\n', at)
    if (lineEnd < 0) break
    const size = parseInt(data.subarray(at, lineEnd).toString('latin1'), 16)
    if (!size) break
    parts.push(data.subarray(lineEnd + 2, lineEnd + 2 + size))
    at = lineEnd + 2 + size + 2
  }
  return Buffer.concat(parts)
}
