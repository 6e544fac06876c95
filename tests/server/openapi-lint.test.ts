import { execFile } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { afterAll, describe, expect, it } from 'vitest'
import { root } from './helpers/run-tsx'
import { call, useTestApp } from './helpers/test-app'

const s = useTestApp()
const dir = mkdtempSync(path.join(tmpdir(), 'crm-openapi-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

interface LintReport {
  totals: { errors: number; warnings: number }
  problems: { ruleId: string; severity: string; message: string }[]
}

/** `redocly lint --extends recommended` of `file`, as its JSON report. */
async function redoclyLint(file: string): Promise<LintReport> {
  const cli = path.join(root, 'node_modules/@redocly/cli/bin/cli.js')
  const args = [cli, 'lint', file, '--extends', 'recommended', '--format', 'json']
  // It exits 1 when it finds an error; the report is on stdout either way.
  const { stdout } = await promisify(execFile)(process.execPath, args, {
    cwd: dir,
    env: { PATH: process.env.PATH ?? '', HOME: dir, REDOCLY_TELEMETRY: 'off' },
    maxBuffer: 16 * 1024 * 1024,
  }).catch((error: { stdout?: string }) => ({ stdout: error.stdout ?? '' }))
  return JSON.parse(stdout) as LintReport
}

describe('the served OpenAPI document, for programs that build on it', () => {
  it("passes Redocly's recommended rules with no error and no warning", async () => {
    const res = await call(s.app, 'GET', '/api/openapi.json')
    expect(res.statusCode).toBe(200)
    const file = path.join(dir, 'openapi.json')
    writeFileSync(file, res.body)
    const report = await redoclyLint(file)
    const problems = report.problems.map((p) => `${p.severity} ${p.ruleId}: ${p.message}`)
    expect(problems).toEqual([])
    expect(report.totals).toMatchObject({ errors: 0, warnings: 0 })
  })
})
