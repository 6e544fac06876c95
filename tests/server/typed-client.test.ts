import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import openapiTS, { astToString } from 'openapi-typescript'
import ts from 'typescript'
import { afterAll, describe, expect, it } from 'vitest'
import { createAgentAndLogin, createCustomer } from './helpers/factories'
import { root } from './helpers/run-tsx'
import { call, useTestApp } from './helpers/test-app'

const s = useTestApp()
// Inside the repository's node_modules, so that the program finds openapi-fetch as any
// program in this repository would.
const cache = path.join(root, 'node_modules/.cache')
mkdirSync(cache, { recursive: true })
const dir = mkdtempSync(path.join(cache, 'crm-typed-client-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

/** What another program writes against the generated types: the names of some customers. */
const PROGRAM = `
import createClient from 'openapi-fetch'
import type { paths } from './schema'

export async function customerNames(baseUrl: string, apiKey: string): Promise<string[]> {
  const client = createClient<paths>({ baseUrl, headers: { Authorization: \`Bearer \${apiKey}\` } })
  const { data, error } = await client.GET('/api/customers', {
    // Query values are text in an address; the document says which text each takes.
    params: { query: { limit: '10', ordering: 'name' } },
  })
  if (error) throw new Error(error.error)
  return data.Customers.map((customer) => customer.name)
}
`

/** TypeScript's complaints about `file`, strict, as a person would compile it. */
function compile(file: string): string[] {
  const program = ts.createProgram([file], {
    strict: true,
    noEmit: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    skipLibCheck: true,
    types: [],
    lib: ['lib.es2022.d.ts', 'lib.dom.d.ts'],
  })
  return ts
    .getPreEmitDiagnostics(program)
    .map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'))
}

describe('a typed client generated from the served OpenAPI document', () => {
  it('compiles a program that lists customers with an API key, and the program works', async () => {
    const doc = await call(s.app, 'GET', '/api/openapi.json')
    expect(doc.statusCode).toBe(200)
    writeFileSync(path.join(dir, 'schema.ts'), astToString(await openapiTS(doc.body)))
    const source = path.join(dir, 'customers.ts')
    writeFileSync(source, PROGRAM)
    expect(compile(source)).toEqual([])
    // A program asking for an ordering the route does not take does not compile.
    const wrong = path.join(dir, 'wrong.ts')
    writeFileSync(wrong, PROGRAM.replace("ordering: 'name'", "ordering: 'shoe_size'"))
    expect(compile(wrong).join('\n')).toMatch(/'"shoe_size"' is not assignable/)

    const admin = await createAgentAndLogin(s.app, s.database, 'Admin')
    for (const name of ['Zoe Park', 'Adam Brook'])
      await createCustomer(s.app, admin.access, { name })
    const key = await call(s.app, 'POST', '/api/api-keys/', {
      token: admin.access,
      body: { name: 'Typed client', role: 'Agent' },
    })
    expect(key.statusCode, key.body).toBe(201)
    const address = await s.app.listen({ port: 0, host: '127.0.0.1' })
    const compiled = path.join(dir, 'customers.mjs')
    writeFileSync(
      compiled,
      ts.transpileModule(PROGRAM, {
        compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 },
      }).outputText,
    )
    const { customerNames } = (await import(pathToFileURL(compiled).href)) as {
      customerNames: (baseUrl: string, apiKey: string) => Promise<string[]>
    }
    expect(await customerNames(address, key.json<{ key: string }>().key)).toEqual([
      'Adam Brook',
      'Zoe Park',
    ])
  })
})
