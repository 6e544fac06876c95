import type { FastifyInstance } from 'fastify'
import { expect } from 'vitest'
import type { RoleName } from '../../../src/shared/constants'
import type { Customer, CustomerInput } from '../../../src/shared/customer'
import type { Order } from '../../../src/shared/order'
import type { Database } from '../../../src/server/db/client'
import { hashPassword } from '../../../src/server/auth/passwords'
import { createAgent } from '../../../src/server/repositories/agents'
import { call } from './test-app'

export interface SignedInAgent {
  id: number
  username: string
  password: string
  access: string
  refresh: string
}

let serial = 0

/** Creates an agent with `role` straight in the database and logs in over HTTP. */
export async function createAgentAndLogin(
  app: FastifyInstance,
  database: Database,
  role: RoleName = 'Agent',
  username = `${role.toLowerCase()}${++serial}`,
): Promise<SignedInAgent> {
  const password = `pw-${username}-secret`
  const agent = await createAgent(database.db, {
    username,
    passwordHash: await hashPassword(password),
    role,
    email: `${username}@example.com`,
  })
  if (!agent) throw new Error(`agent ${username} exists`)
  const res = await call(app, 'POST', '/api/users/token/', { body: { username, password } })
  expect(res.statusCode).toBe(200)
  const { access, refresh } = res.json<{ access: string; refresh: string }>()
  return { id: agent.id, username, password, access, refresh }
}

export async function createCustomer(
  app: FastifyInstance,
  token: string,
  input: Partial<CustomerInput> = {},
): Promise<Customer> {
  const body = {
    name: 'Ada Lovelace',
    email: 'ada@example.com',
    city: 'London',
    country: 'UK',
    phone: '+44 20 0000',
    ...input,
  }
  const res = await call(app, 'POST', '/api/customers/', { token, body })
  expect(res.statusCode, res.body).toBe(201)
  return res.json<Customer>()
}

export async function createOrder(
  app: FastifyInstance,
  token: string,
  input: { customer: number; status?: string; total_Amount?: string | number },
): Promise<Order> {
  const body = { status: 'Pending', total_Amount: '10.00', ...input }
  const res = await call(app, 'POST', '/api/orders/', { token, body })
  expect(res.statusCode, res.body).toBe(201)
  return res.json<Order>()
}
