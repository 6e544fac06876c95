import type { FastifyRequest } from 'fastify'
import { idParamsSchema } from '#shared/list-query'
import {
  codeInputSchema,
  recoveryCodesSchema,
  twoStepDisableInputSchema,
  twoStepSetupSchema,
  twoStepStatusSchema,
  WRONG_CODE,
} from '#shared/two-step'
import { messageSchema } from '#shared/auth'
import { actorOf, changeActorOf } from '../auth/authenticate'
import { verifyPassword } from '../auth/passwords'
import {
  hashRecoveryCode,
  isCurrentCode,
  newRecoveryCodes,
  newTotpSecret,
  passesSecondStep,
  totpSetup,
} from '../auth/two-step'
import type { RouteContext } from '../http/context'
import { forbidden, found, HttpError, notFound, unauthorized } from '../http/errors'
import { rowIdOr404 } from '../http/row-id'
import { refuseWhenLimited } from '../http/too-many'
import { answers, describe, noContent, type ZodApp } from '../http/zod-routes'
import { findAccountById } from '../repositories/agents'
import {
  disableTwoStep,
  enableTwoStep,
  findTwoStep,
  savePendingSecret,
} from '../repositories/two-step'

const doc = (summary: string) => describe('Two-step sign-in', summary)
const ALREADY_ON = 'Two-step sign-in is already on.'
const wrong = (field: string, message: string) => new HttpError(400, message, { [field]: message })

function adminOnly(request: FastifyRequest): Promise<void> {
  if (actorOf(request).role === 'Admin') return Promise.resolve()
  return Promise.reject(forbidden("Only an Admin may turn off another agent's two-step sign-in."))
}

/** The signed-in agent turns two-step sign-in on or off; an Admin turns it off for another. */
export function twoStepRoutes(app: ZodApp, ctx: RouteContext): void {
  const { db } = ctx.database
  const signedIn = { onRequest: ctx.authenticate }
  const mine = async (request: FastifyRequest) =>
    found(await findTwoStep(db, actorOf(request).id), 'agent')

  app.get(
    '/api/2fa',
    {
      ...signedIn,
      schema: {
        ...doc('Whether your two-step sign-in is on'),
        response: answers({ 200: twoStepStatusSchema }),
      },
    },
    async (request) => {
      const state = await mine(request)
      return { enabled: state.secret !== null, enabled_at: state.enabledAt }
    },
  )

  app.post(
    '/api/2fa/setup',
    {
      ...signedIn,
      schema: {
        ...doc('A new key to add to an authenticator app'),
        response: answers({ 200: twoStepSetupSchema }),
      },
    },
    async (request) => {
      const { username } = await mine(request)
      const secret = newTotpSecret()
      if (!(await savePendingSecret(db, actorOf(request).id, secret))) {
        throw new HttpError(409, ALREADY_ON)
      }
      return totpSetup(secret, username)
    },
  )

  app.post(
    '/api/2fa/enable',
    {
      ...signedIn,
      schema: {
        ...doc(
          'Turn two-step sign-in on with a code of the new key: ten recovery codes, shown once',
        ),
        body: codeInputSchema,
        response: answers({ 200: recoveryCodesSchema }),
      },
    },
    async (request) => {
      const state = await mine(request)
      if (state.secret !== null) throw new HttpError(409, ALREADY_ON)
      if (!state.pendingSecret) throw wrong('code', 'Choose Turn on first to get a key.')
      if (!isCurrentCode(state.pendingSecret, request.body.code)) throw wrong('code', WRONG_CODE)
      const codes = newRecoveryCodes()
      const hashes = codes.map(hashRecoveryCode)
      const enabled = await enableTwoStep(
        db,
        actorOf(request).id,
        state.pendingSecret,
        hashes,
        changeActorOf(request),
      )
      // Set up again (or turned on) by another request meanwhile.
      if (!enabled) throw wrong('code', 'The key changed meanwhile. Choose Turn on again.')
      return { recovery_codes: codes }
    },
  )

  app.post(
    '/api/2fa/disable',
    {
      ...signedIn,
      schema: {
        ...doc('Turn your two-step sign-in off with your password and a code'),
        body: twoStepDisableInputSchema,
        response: answers({ 200: messageSchema }),
      },
    },
    async (request) => {
      const { id } = actorOf(request)
      const account = await findAccountById(db, id)
      if (!account) throw unauthorized()
      if (!account.twoStep) throw new HttpError(409, 'Two-step sign-in is not on.')
      // Like a password change: counted before the check, given back when it was right.
      const attemptKey = `agent:${id}`
      refuseWhenLimited(await ctx.limiters.password.take(attemptKey), 'password attempts')
      if (!(await verifyPassword(request.body.password, account.passwordHash))) {
        throw wrong('password', 'This is not your password. Try again.')
      }
      if (!(await passesSecondStep(db, id, request.body.code))) throw wrong('code', WRONG_CODE)
      await ctx.limiters.password.giveBack(attemptKey)
      await disableTwoStep(db, id, changeActorOf(request))
      return { message: 'Two-step sign-in is off.' }
    },
  )

  app.delete(
    '/api/agents/:id/2fa',
    {
      onRequest: [ctx.authenticate, adminOnly],
      preHandler: rowIdOr404('agent'),
      schema: {
        ...doc("Turn another agent's two-step sign-in off (Admin only)"),
        params: idParamsSchema,
        response: answers({ 204: noContent }),
      },
    },
    async (request, reply) => {
      const { id } = request.params
      if (!(await findTwoStep(db, id))) throw notFound('agent')
      // Already off: nothing to change, and nothing for the history.
      await disableTwoStep(db, id, changeActorOf(request))
      return reply.code(204).send(null)
    },
  )
}
