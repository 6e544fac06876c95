import { HttpResponse, type RequestHandler } from 'msw'
import {
  noteCreateInputSchema,
  noteListQuerySchema,
  noteUpdateInputSchema,
} from '../../../../src/shared/notes'
import { parseBody } from '../auth-check'
import { mockDb } from '../data'
import { agentRef, followUps } from './follow-up-data'
import { mayWrite, signedIn } from './signed-in'
import { notFound, parseId, parseQuery } from './write-guard'

/** Happy paths of the API contract "Notes" over the in-memory store. */
export const noteHandlers: RequestHandler[] = [
  signedIn.get('*/api/notes/', ({ request }) => {
    const query = parseQuery(request, noteListQuerySchema)
    if (query instanceof Response) return query
    const Notes = followUps()
      .notes.filter(
        (n) =>
          (query.customer === undefined || n.customer === query.customer) &&
          (query.order === undefined || n.order === query.order),
      )
      .sort((a, b) => b.created_at.localeCompare(a.created_at) || b.id - a.id)
    return HttpResponse.json({ Notes, count: Notes.length, count_exact: true, next: null })
  }),
  mayWrite.post('*/api/notes/', async ({ request, userId }) => {
    const body = await parseBody(request, noteCreateInputSchema)
    if (body instanceof Response) return body
    const order = mockDb.orders.find((o) => o.id === body.order)
    const at = new Date().toISOString()
    const store = followUps()
    const note = {
      id: store.nextId++,
      customer: body.customer ?? order?.customer ?? 0,
      order: body.order ?? null,
      kind: body.kind,
      body: body.body,
      author: agentRef(userId),
      created_at: at,
      updated_at: at,
      version: 1,
    }
    store.notes.push(note)
    return HttpResponse.json(note, { status: 201 })
  }),
  signedIn.put('*/api/notes/:id/', async ({ request, params }) => {
    const id = parseId(params)
    if (id instanceof Response) return id
    const body = await parseBody(request, noteUpdateInputSchema)
    if (body instanceof Response) return body
    const note = followUps().notes.find((n) => n.id === id)
    if (!note) return notFound('Note')
    Object.assign(note, { kind: body.kind, body: body.body, version: note.version + 1 })
    return HttpResponse.json(note)
  }),
  signedIn.delete('*/api/notes/:id/', ({ params }) => {
    const id = parseId(params)
    if (id instanceof Response) return id
    const store = followUps()
    const note = store.notes.find((n) => n.id === id)
    if (!note) return notFound('Note')
    store.notes = store.notes.filter((n) => n !== note)
    deletedNotes.set(id, note)
    return new HttpResponse(null, { status: 204 })
  }),
  signedIn.post('*/api/notes/:id/restore/', ({ params }) => {
    const id = parseId(params)
    if (id instanceof Response) return id
    const note = deletedNotes.get(id)
    if (!note) return notFound('Note')
    deletedNotes.delete(id)
    followUps().notes.push(note)
    return HttpResponse.json(note)
  }),
]

const deletedNotes = new Map<number, ReturnType<typeof followUps>['notes'][number]>()
