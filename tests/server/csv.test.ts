import { describe, expect, it } from 'vitest'
import type { CustomerList } from '../../src/shared/customer'
import type { HistoryList } from '../../src/shared/history'
import { createAgentAndLogin, createCustomer, createOrder } from './helpers/factories'
import { call, useTestApp } from './helpers/test-app'

const s = useTestApp()

function importCsv(token: string, kind: string, csv: string | Buffer, query = '') {
  return s.app.inject({
    method: 'POST',
    url: `/api/${kind}/import/${query}`,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'text/csv' },
    payload: csv,
  })
}

async function customers(token: string) {
  const res = await call(s.app, 'GET', '/api/customers/?limit=500&ordering=id', { token })
  return res.json<CustomerList>().Customers
}

const today = new Date().toISOString().slice(0, 10)

describe('CSV export', () => {
  it('streams every matching row with a header, RFC 4180 quoting and a dated file name', async () => {
    const { access } = await createAgentAndLogin(s.app, s.database)
    await createCustomer(s.app, access, { name: 'Plain Person', city: 'Oslo' })
    await createCustomer(s.app, access, { name: 'Quote "The" Comma, Inc', city: 'Line\nBreak' })
    const res = await call(s.app, 'GET', '/api/customers/export/?ordering=name', { token: access })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8')
    expect(res.headers['content-disposition']).toBe(`attachment; filename="customers-${today}.csv"`)
    const lines = res.body.split('\n')
    expect(lines[0]).toBe('id,name,email,city,country,phone,date_created')
    expect(res.body).toContain('"Quote ""The"" Comma, Inc"')
    expect(res.body).toContain('"Line\nBreak"')
    expect(res.body.indexOf('Plain Person')).toBeLessThan(res.body.indexOf('Quote'))
  })

  it('guards cells a spreadsheet would run, but not numbers and phone numbers', async () => {
    const { access } = await createAgentAndLogin(s.app, s.database)
    await createCustomer(s.app, access, {
      name: '=HYPERLINK("http://evil.example")',
      email: '',
      city: '@SUM(A1)',
      country: '-2+3',
      phone: '+44 20 7946 0916',
    })
    const res = await call(s.app, 'GET', '/api/customers/export/', { token: access })
    expect(res.body).toContain(`"'=HYPERLINK(""http://evil.example"")"`)
    expect(res.body).toContain("'@SUM(A1)")
    expect(res.body).toContain("'-2+3")
    expect(res.body).toContain(',+44 20 7946 0916,')
  })

  it('follows the list filters (orders by status) and lets a Tester export', async () => {
    const { access } = await createAgentAndLogin(s.app, s.database)
    const tester = await createAgentAndLogin(s.app, s.database, 'Tester')
    const customer = await createCustomer(s.app, access)
    await createOrder(s.app, access, {
      customer: customer.id,
      status: 'Pending',
      total_Amount: '0',
    })
    await createOrder(s.app, access, {
      customer: customer.id,
      status: 'Delivered',
      total_Amount: '5',
    })
    const res = await call(s.app, 'GET', '/api/orders/export/?status=Pending', {
      token: tester.access,
    })
    expect(res.statusCode).toBe(200)
    const rows = res.body.trim().split('\n')
    expect(rows[0]).toBe('id,customer,customer_name,status,total_Amount,date_created')
    expect(rows).toHaveLength(2)
    expect(rows[1]).toContain(',Pending,0.00,')
    expect((await call(s.app, 'GET', '/api/orders/export/')).statusCode).toBe(401)
    expect(
      (await call(s.app, 'GET', '/api/orders/export/?status=Lost', { token: access })).statusCode,
    ).toBe(400)
  })
})

describe('CSV import', () => {
  it('imports back what it exported: quotes, commas, newlines and guarded cells unchanged', async () => {
    const { access } = await createAgentAndLogin(s.app, s.database)
    const originals = [
      {
        name: 'Quote "The" Comma, Inc',
        email: 'q@example.com',
        city: 'Line\nBreak',
        country: 'X',
        phone: '',
      },
      { name: '=1+2', email: '', city: '@home', country: '-minus', phone: '+1 (555) 010-4477' },
    ]
    for (const c of originals) await createCustomer(s.app, access, c)
    const file = (await call(s.app, 'GET', '/api/customers/export/?ordering=id', { token: access }))
      .body
    const res = await importCsv(access, 'customers', file)
    expect(res.json()).toEqual({ created: 2, skipped: 0, errors: [] })
    const all = await customers(access)
    const fields = ({ name, email, city, country, phone }: (typeof all)[number]) => ({
      name,
      email,
      city,
      country,
      phone,
    })
    expect(all.slice(2).map(fields)).toEqual(all.slice(0, 2).map(fields))
    expect(all.slice(2).map(fields)).toEqual(originals)
  })

  it('reads a BOM, semicolons, headers in any case and spacing, and ignores unknown columns', async () => {
    const { access } = await createAgentAndLogin(s.app, s.database)
    const csv =
      '\uFEFFNAME;E Mail;City;Notes\nAda Lovelace;ada@example.com;London;x\nAlan Turing;;Wilmslow;y\n'
    expect((await importCsv(access, 'customers', csv)).json()).toEqual({
      created: 2,
      skipped: 0,
      errors: [],
    })
    const csv2 = 'Customer,Status,Total Amount\n'
    const customer = (await customers(access))[0]
    const orders = await importCsv(access, 'orders', `${csv2}${customer?.id},pending,12.5\n`)
    expect(orders.json()).toEqual({ created: 1, skipped: 0, errors: [] })
    expect((await customers(access)).map((c) => [c.name, c.city])).toEqual([
      ['Ada Lovelace', 'London'],
      ['Alan Turing', 'Wilmslow'],
    ])
  })

  it('creates nothing when one row in 10,000 is invalid, and names its line', async () => {
    const { access } = await createAgentAndLogin(s.app, s.database)
    const rows = Array.from({ length: 10_000 }, (_, i) =>
      i === 7_776 ? ',nobody@example.com' : `Person ${i},p${i}@example.com`,
    )
    const csv = `name,email\n${rows.join('\n')}\n`
    const res = await importCsv(access, 'customers', csv)
    expect(res.statusCode).toBe(400)
    expect(res.json()).toEqual({
      error: '1 row is not valid: nothing was imported.',
      created: 0,
      skipped: 1,
      errors: [{ line: 7_778, field: 'name', message: 'Enter a name.' }],
    })
    expect(await customers(access)).toEqual([])
    const dry = await importCsv(access, 'customers', csv, '?skip_invalid=1&dry_run=1')
    expect(dry.json()).toEqual({
      created: 9_999,
      skipped: 1,
      errors: [expect.objectContaining({ line: 7_778 }) as object],
    })
    expect(await customers(access)).toEqual([])
    const skipping = await importCsv(access, 'customers', csv, '?skip_invalid=1')
    expect(skipping.statusCode).toBe(200)
    expect(skipping.json()).toMatchObject({ created: 9_999, skipped: 1 })
    const list = await call(s.app, 'GET', '/api/customers/?limit=1', { token: access })
    expect(list.json<CustomerList>().count).toBe(9_999)
    const history = await call(s.app, 'GET', '/api/history/?action=import', { token: access })
    expect(history.json<HistoryList>().History).toEqual([
      expect.objectContaining({
        entity: 'customer',
        entity_id: null,
        summary: 'Imported 9,999 customers',
      }) as object,
    ])
  })

  it('answers a dry run exactly as the import would, status included, and writes nothing', async () => {
    const { access } = await createAgentAndLogin(s.app, s.database)
    const csv = 'customer,status,total_amount\n999999,Pending,1\n'
    const dry = await importCsv(access, 'orders', csv, '?dry_run=1')
    const real = await importCsv(access, 'orders', csv)
    expect(dry.statusCode).toBe(400)
    expect(dry.json()).toEqual(real.json())
    expect(real.json()).toMatchObject({
      errors: [{ line: 2, field: 'customer', message: 'Choose a customer that exists.' }],
    })
  })

  it('refuses what is not a CSV file with a clear 400, a Tester with 403, and over 50 MiB with 413', async () => {
    const { access } = await createAgentAndLogin(s.app, s.database)
    const tester = await createAgentAndLogin(s.app, s.database, 'Tester')
    for (const body of [
      Buffer.from([0xff, 0xfe, 0x00, 0xd8]),
      '',
      'email,city\na@example.com,Oslo\n',
      '"unclosed\n',
    ]) {
      const res = await importCsv(access, 'customers', body)
      expect(res.statusCode, String(body)).toBe(400)
      expect(res.json<{ error: string }>().error).toMatch(/UTF-8|CSV|column|empty/)
    }
    const json = await call(s.app, 'POST', '/api/customers/import/', {
      token: access,
      body: { name: 'x' },
    })
    expect(json.statusCode).toBe(400)
    expect((await importCsv(tester.access, 'customers', 'name\nNope\n')).statusCode).toBe(403)
    const huge = Buffer.alloc(50 * 1024 * 1024 + 10, 'a')
    expect((await importCsv(access, 'customers', huge)).statusCode).toBe(413)
    expect(await customers(access)).toEqual([])
  })
})
