import { describe, expect, it } from 'vitest'
import type { Note, NoteList } from '../../src/shared/notes'
import type { CustomerSummary } from '../../src/shared/customer'
import type { HistoryList } from '../../src/shared/history'
import { createAgentAndLogin, createCustomer, createOrder } from './helpers/factories'
import { anyNumber, call, errorOf, isoDateTime, useTestApp } from './helpers/test-app'

const s = useTestApp()

async function addNote(token: string, body: Record<string, unknown>) {
  return call(s.app, 'POST', '/api/notes/', { token, body })
}

async function listOf(token: string, query: string): Promise<NoteList> {
  const res = await call(s.app, 'GET', `/api/notes/?${query}`, { token })
  expect(res.statusCode, res.body).toBe(200)
  return res.json<NoteList>()
}

describe('notes', () => {
  it('adds a note to a customer and reads it back, line breaks kept', async () => {
    const agent = await createAgentAndLogin(s.app, s.database)
    const customer = await createCustomer(s.app, agent.access)
    const body = '  Called about the invoice.\nSee https://example.com/x?a=1  '
    const res = await addNote(agent.access, { customer: customer.id, kind: 'call', body })
    expect(res.statusCode, res.body).toBe(201)
    const note = res.json<Note>()
    expect(note).toEqual({
      id: anyNumber,
      customer: customer.id,
      order: null,
      kind: 'call',
      body: 'Called about the invoice.\nSee https://example.com/x?a=1',
      author: { id: agent.id, username: agent.username },
      created_at: isoDateTime,
      updated_at: isoDateTime,
      version: 1,
    })
    const read = await call(s.app, 'GET', `/api/notes/${note.id}/`, { token: agent.access })
    expect(read.json()).toEqual(note)
  })

  it("puts a note on an order's customer, and refuses a different customer beside it", async () => {
    const agent = await createAgentAndLogin(s.app, s.database)
    const ada = await createCustomer(s.app, agent.access)
    const bob = await createCustomer(s.app, agent.access, { name: 'Bob' })
    const order = await createOrder(s.app, agent.access, { customer: ada.id })
    const ok = await addNote(agent.access, { order: order.id, body: 'Shipped late' })
    expect(ok.statusCode).toBe(201)
    expect(ok.json<Note>()).toMatchObject({ customer: ada.id, order: order.id, kind: 'note' })
    const clash = await addNote(agent.access, { order: order.id, customer: bob.id, body: 'x' })
    expect(clash.statusCode).toBe(400)
    expect(errorOf(clash).fields).toHaveProperty('customer')
  })

  it('answers 400 with fields for bad input and writes nothing', async () => {
    const agent = await createAgentAndLogin(s.app, s.database)
    const customer = await createCustomer(s.app, agent.access)
    const cases: [Record<string, unknown>, string][] = [
      [{ customer: customer.id, body: '   ' }, 'body'],
      [{ customer: customer.id, body: 'x'.repeat(10_001) }, 'body'],
      [{ customer: customer.id, body: 'x', kind: 'fax' }, 'kind'],
      [{ customer: 999_999, body: 'x' }, 'customer'],
      [{ customer: 99_999_999_999, body: 'x' }, 'customer'],
      [{ order: 424_242, body: 'x' }, 'order'],
      [{ body: 'x' }, 'customer'],
      [{ customer: customer.id, body: 'bell\u0007' }, 'body'],
    ]
    for (const [body, field] of cases) {
      const res = await addNote(agent.access, body)
      expect(res.statusCode, JSON.stringify(body)).toBe(400)
      expect(errorOf(res).fields, JSON.stringify(body)).toHaveProperty(field)
    }
    expect((await listOf(agent.access, `customer=${customer.id}`)).count).toBe(0)
  })

  it('lists newest first with filters, paging and a count', async () => {
    const agent = await createAgentAndLogin(s.app, s.database)
    const other = await createAgentAndLogin(s.app, s.database)
    const customer = await createCustomer(s.app, agent.access)
    const elsewhere = await createCustomer(s.app, agent.access, { name: 'Else' })
    const ids: number[] = []
    for (const kind of ['note', 'call', 'email', 'meeting', 'call']) {
      const res = await addNote(agent.access, { customer: customer.id, kind, body: `${kind} body` })
      ids.push(res.json<Note>().id)
    }
    await addNote(other.access, { customer: elsewhere.id, body: 'not this one' })
    const all = await listOf(agent.access, `customer=${customer.id}`)
    expect(all.Notes.map((n) => n.id)).toEqual([...ids].reverse())
    expect(all).toMatchObject({ count: 5, count_exact: true, next: null })
    expect((await listOf(agent.access, `customer=${customer.id}&kind=call`)).count).toBe(2)
    expect((await listOf(agent.access, 'author=me')).count).toBe(5)
    expect((await listOf(agent.access, `author=${other.id}`)).count).toBe(1)
    expect((await listOf(agent.access, 'search=MEETING')).Notes.map((n) => n.id)).toEqual([ids[3]])
    const first = await listOf(agent.access, `customer=${customer.id}&limit=2`)
    const second = await listOf(agent.access, `customer=${customer.id}&limit=2&after=${first.next}`)
    expect([...first.Notes, ...second.Notes].map((n) => n.id)).toEqual(ids.slice(1).reverse())
    const bad = await call(s.app, 'GET', '/api/notes/?kind=fax&limit=0', { token: agent.access })
    expect(bad.statusCode).toBe(400)
  })

  it('lets only the author or an Admin edit, delete and restore; a Tester writes nothing', async () => {
    const author = await createAgentAndLogin(s.app, s.database)
    const colleague = await createAgentAndLogin(s.app, s.database)
    const admin = await createAgentAndLogin(s.app, s.database, 'Admin')
    const tester = await createAgentAndLogin(s.app, s.database, 'Tester')
    const customer = await createCustomer(s.app, author.access)
    const note = (
      await addNote(author.access, { customer: customer.id, body: 'First' })
    ).json<Note>()
    const url = `/api/notes/${note.id}/`
    const edit = { kind: 'email', body: 'Second', version: 1 }
    expect(
      (await call(s.app, 'PUT', url, { token: colleague.access, body: edit })).statusCode,
    ).toBe(403)
    expect((await call(s.app, 'DELETE', url, { token: colleague.access })).statusCode).toBe(403)
    expect((await call(s.app, 'PUT', url, { token: tester.access, body: edit })).statusCode).toBe(
      403,
    )
    expect((await addNote(tester.access, { customer: customer.id, body: 'x' })).statusCode).toBe(
      403,
    )
    expect((await call(s.app, 'GET', url, { token: tester.access })).statusCode).toBe(200)

    const edited = await call(s.app, 'PUT', url, { token: author.access, body: edit })
    expect(edited.statusCode).toBe(200)
    expect(edited.json<Note>()).toMatchObject({ kind: 'email', body: 'Second', version: 2 })
    const stale = await call(s.app, 'PUT', url, { token: admin.access, body: edit })
    expect(stale.statusCode).toBe(409)
    expect(stale.json<{ current: Note }>().current.version).toBe(2)

    expect((await call(s.app, 'DELETE', url, { token: admin.access })).statusCode).toBe(204)
    expect((await call(s.app, 'GET', url, { token: author.access })).statusCode).toBe(404)
    const restoreUrl = `${url}restore/`
    expect((await call(s.app, 'POST', restoreUrl, { token: colleague.access })).statusCode).toBe(
      403,
    )
    const restored = await call(s.app, 'POST', restoreUrl, { token: author.access })
    expect(restored.statusCode).toBe(200)
    expect((await call(s.app, 'POST', restoreUrl, { token: author.access })).statusCode).toBe(404)
  })

  it("hides a deleted customer's notes and brings them back with it", async () => {
    const agent = await createAgentAndLogin(s.app, s.database)
    const customer = await createCustomer(s.app, agent.access)
    const note = (await addNote(agent.access, { customer: customer.id, body: 'x' })).json<Note>()
    await call(s.app, 'DELETE', `/api/customers/${customer.id}`, { token: agent.access })
    expect((await listOf(agent.access, '')).count).toBe(0)
    expect(
      (await call(s.app, 'GET', `/api/notes/${note.id}`, { token: agent.access })).statusCode,
    ).toBe(404)
    const put = { body: 'y' }
    expect(
      (await call(s.app, 'PUT', `/api/notes/${note.id}`, { token: agent.access, body: put }))
        .statusCode,
    ).toBe(404)
    await call(s.app, 'POST', `/api/customers/${customer.id}/restore/`, { token: agent.access })
    expect((await listOf(agent.access, '')).Notes.map((n) => n.id)).toEqual([note.id])
  })

  it("gives the summary's last_contact: the newest call, email or meeting", async () => {
    const agent = await createAgentAndLogin(s.app, s.database)
    const customer = await createCustomer(s.app, agent.access)
    const summary = async () =>
      (
        await call(s.app, 'GET', `/api/customers/${customer.id}/summary/`, { token: agent.access })
      ).json<CustomerSummary>().last_contact
    await addNote(agent.access, { customer: customer.id, body: 'plain' })
    expect(await summary()).toBeNull()
    const call1 = (
      await addNote(agent.access, { customer: customer.id, kind: 'meeting', body: 'm' })
    ).json<Note>()
    await addNote(agent.access, { customer: customer.id, body: 'plain again' })
    expect(await summary()).toBe(call1.created_at)
    await call(s.app, 'DELETE', `/api/notes/${call1.id}`, { token: agent.access })
    expect(await summary()).toBeNull()
  })

  it('writes a history entry for each change, which Agents and Testers see', async () => {
    const agent = await createAgentAndLogin(s.app, s.database)
    const tester = await createAgentAndLogin(s.app, s.database, 'Tester')
    const customer = await createCustomer(s.app, agent.access)
    const note = (
      await addNote(agent.access, { customer: customer.id, kind: 'call', body: 'a' })
    ).json<Note>()
    await call(s.app, 'PUT', `/api/notes/${note.id}`, {
      token: agent.access,
      body: { kind: 'call', body: 'b' },
    })
    await call(s.app, 'DELETE', `/api/notes/${note.id}`, { token: agent.access })
    await call(s.app, 'POST', `/api/notes/${note.id}/restore`, { token: agent.access })
    const res = await call(s.app, 'GET', `/api/history/?entity=note&entity_id=${note.id}`, {
      token: tester.access,
    })
    const { History } = res.json<HistoryList>()
    expect(History.map((e) => e.action)).toEqual(['restore', 'delete', 'update', 'create'])
    expect(History[0]?.summary).toBe(`Call #${note.id} on Ada Lovelace restored`)
    expect(History[2]?.changes).toEqual({ body: ['a', 'b'] })
    expect(History[3]?.actor).toEqual({ id: agent.id, username: agent.username })
  })
})
