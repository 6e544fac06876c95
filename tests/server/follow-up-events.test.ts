import type { FastifyInstance } from 'fastify'
import { afterEach, describe, expect, it } from 'vitest'
import type { Note } from '../../src/shared/notes'
import type { Task } from '../../src/shared/tasks'
import { openEventStream } from './helpers/event-stream'
import { createAgentAndLogin, createCustomer } from './helpers/factories'
import { call, useTestApp } from './helpers/test-app'

const s = useTestApp()
const listening: FastifyInstance[] = []
afterEach(async () => {
  await Promise.all(listening.splice(0).map((app) => app.close()))
})

describe('live events of notes and tasks', () => {
  it('announces every committed note and task change, naming the customer', async () => {
    const agent = await createAgentAndLogin(s.app, s.database)
    const { app } = await s.variant({ jwtSecret: s.config.jwtSecret })
    listening.push(app)
    const stream = await openEventStream(
      await app.listen({ port: 0, host: '127.0.0.1' }),
      agent.access,
    )
    const customer = await createCustomer(s.app, agent.access)
    const token = agent.access
    const note = (
      await call(s.app, 'POST', '/api/notes/', {
        token,
        body: { customer: customer.id, body: 'Hi' },
      })
    ).json<Note>()
    await call(s.app, 'PUT', `/api/notes/${note.id}`, { token, body: { body: 'Hello' } })
    await call(s.app, 'DELETE', `/api/notes/${note.id}`, { token })
    await call(s.app, 'POST', `/api/notes/${note.id}/restore`, { token })
    const task = (
      await call(s.app, 'POST', '/api/tasks/', {
        token,
        body: { title: 'Call', customer: customer.id },
      })
    ).json<Task>()
    await call(s.app, 'PUT', `/api/tasks/${task.id}`, {
      token,
      body: { title: 'Call', customer: customer.id, done: true },
    })
    const loose = (
      await call(s.app, 'POST', '/api/tasks/', { token, body: { title: 'Loose' } })
    ).json<Task>()
    await call(s.app, 'DELETE', `/api/tasks/${loose.id}`, { token })
    // A refused write announces nothing.
    await call(s.app, 'POST', '/api/tasks/', { token, body: { title: '' } })
    await stream.waitFor((e) => JSON.stringify(e.data).includes('"delete","customer":null'))
    const follow = stream.events
      .map((e) => e.data)
      .filter((d) => (d as { entity: string }).entity !== 'customer')
    expect(follow).toEqual([
      { entity: 'note', id: note.id, action: 'create', customer: customer.id },
      { entity: 'note', id: note.id, action: 'update', customer: customer.id },
      { entity: 'note', id: note.id, action: 'delete', customer: customer.id },
      { entity: 'note', id: note.id, action: 'restore', customer: customer.id },
      { entity: 'task', id: task.id, action: 'create', customer: customer.id },
      { entity: 'task', id: task.id, action: 'update', customer: customer.id },
      { entity: 'task', id: loose.id, action: 'create', customer: null },
      { entity: 'task', id: loose.id, action: 'delete', customer: null },
    ])
    expect(stream.events.every((e) => e.event === 'change')).toBe(true)
    stream.close()
  })
})
