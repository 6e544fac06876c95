import http from 'node:http'
import type { AddressInfo, Socket } from 'node:net'

/** One POST a receiver got: its headers and raw body. */
export interface Received {
  headers: http.IncomingHttpHeaders
  body: string
  json: { id: number; type: string; created_at: string; data: Record<string, unknown> }
}

export interface Receiver {
  url: string
  received: Received[]
  /** What the next answers are (status codes, `hang` for none); then 200. */
  answers: (number | 'hang')[]
  close(): Promise<void>
}

/** A local HTTP server that records every request and answers from `answers`. */
export async function startReceiver(): Promise<Receiver> {
  const sockets = new Set<Socket>()
  const receiver: Receiver = {
    url: '',
    received: [],
    answers: [],
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy()
        server.close(() => resolve())
      }),
  }
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8')
      receiver.received.push({
        headers: request.headers,
        body,
        json: JSON.parse(body) as Received['json'],
      })
      const answer = receiver.answers.shift() ?? 200
      if (answer === 'hang') return
      response.writeHead(answer, answer === 302 ? { location: 'http://127.0.0.1:1/' } : {})
      response.end()
    })
  })
  server.on('connection', (socket) => {
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`
  return receiver
}
