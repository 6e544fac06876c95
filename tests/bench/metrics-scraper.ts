// A scraper of its own, as Prometheus is: `tsx tests/bench/metrics-scraper.ts BASE TOKEN N`
// scrapes BASE/metrics N times one after another (after 10 untimed) and prints
// `{"p95": ms, "bytes": n}`. Apart from the bench's own process, whose heap holds the
// team's results and whose collections would count as the server's time.
const [base, token, count] = process.argv.slice(2)
const headers = { authorization: `Bearer ${token}` }
const times: number[] = []
let bytes = 0
for (let i = 0; i < Number(count) + 10; i++) {
  const started = performance.now()
  const res = await fetch(`${base}/metrics`, { headers })
  bytes = (await res.arrayBuffer()).byteLength
  if (!res.ok) throw new Error(`/metrics answered ${res.status}`)
  if (i >= 10) times.push(performance.now() - started)
}
times.sort((a, b) => a - b)
// The server's own count of its /metrics answers by time (its histogram), to tell its
// time from the wire's and this process's.
const text = await (await fetch(`${base}/metrics`, { headers })).text()
const served = (le: string) =>
  Number(
    new RegExp(
      `http_request_duration_seconds_bucket\\{le="${le.replace(/[+.]/g, '\\$&')}",method="GET",route="/metrics",status="200"\\} (\\d+)`,
    ).exec(text)?.[1] ?? NaN,
  )
const server = { within5: served('0.005'), within10: served('0.01'), all: served('+Inf') }
process.stdout.write(JSON.stringify({ p95: times[Math.floor(times.length * 0.95)], bytes, server }))
export {}
