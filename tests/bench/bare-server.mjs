// The yardstick of `npm run bench`: a bare node:http route, in a process of its own like
// the CRM server, answering a small JSON body.
import { createServer } from 'node:http'

const body = JSON.stringify({ ok: true })
const server = createServer((_request, response) => {
  response.writeHead(200, { 'content-type': 'application/json' })
  response.end(body)
})
server.listen(0, '127.0.0.1', () => {
  const address = server.address()
  process.stdout.write(`${typeof address === 'object' && address ? address.port : 0}\n`)
})
process.on('SIGTERM', () => server.close(() => process.exit(0)))
