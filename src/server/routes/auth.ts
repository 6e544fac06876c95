import type { FastifyRequest } from 'fastify'
import {
  loginInputSchema,
  messageSchema,
  passwordUpdateInputSchema,
  refreshInputSchema,
  registerInputSchema,
  registerResponseSchema,
  NOT_THE_USERNAME,
  tokenPairSchema,
  USERNAME_TAKEN,
} from '#shared/auth'
import { passwordSchema } from '#shared/text'
import { signInAnswerSchema } from '#shared/two-step'
import { actorOf, changeActorOf } from '../auth/authenticate'
import { takeSignInAttempt } from '../auth/login-attempts'
import { DUMMY_HASH, hashPassword, verifyPassword } from '../auth/passwords'
import { issueTokens, signInClient, spendRefresh, startSession } from '../auth/sessions'
import { signToken } from '../auth/tokens'
import type { RouteContext } from '../http/context'
import { forbidden, HttpError, unauthorized } from '../http/errors'
import { refuseWhenLimited } from '../http/too-many'
import { answers, describe, type ZodApp } from '../http/zod-routes'
import { addAgent } from '../repositories/team'
import {
  findAccountById,
  findAccountByUsername,
  noteSignIn,
  setPasswordHash,
} from '../repositories/agents'

// One message whether or not the username exists, so it cannot be used to probe accounts.
const BAD_LOGIN = 'Invalid username or password.'
const BAD_REFRESH = 'The refresh token is invalid or expired.'

const doc = (summary: string, signedIn = false) => describe('Auth', summary, { signedIn })

const badPassword = (message: string, field: string, detail: string) =>
  new HttpError(400, message, { [field]: detail })

export function authRoutes(app: ZodApp, ctx: RouteContext): void {
  const { config, limiters } = ctx
  const { db } = ctx.database

  // onRequest hooks run before the body is validated: 403 and 429 come before any 400.
  const signupAllowed = async (request: FastifyRequest): Promise<void> => {
    if (config.signup === 'closed') throw forbidden('Sign-up is closed.')
    // Every attempt counts, so the limit also bounds password-hashing work per address.
    refuseWhenLimited(await limiters.signup.take(request.ip), 'sign-up attempts')
  }

  app.post(
    '/api/register',
    {
      onRequest: signupAllowed,
      schema: {
        ...doc('Sign up as a new agent'),
        body: registerInputSchema,
        response: answers({ 201: registerResponseSchema }),
      },
    },
    async (request, reply) => {
      const { password, ...input } = request.body
      const passwordHash = await hashPassword(password)
      const agent = await addAgent(db, { ...input, passwordHash, role: config.signupRole }, 'self')
      if (!agent) {
        throw new HttpError(409, USERNAME_TAKEN, { username: USERNAME_TAKEN })
      }
      const { id, username, email } = agent
      return reply.code(201).send({ id, username, email })
    },
  )

  app.post(
    '/api/users/token',
    {
      schema: {
        ...doc('Sign in: an access and a refresh token (or, with two-step sign-in, an mfa_token)'),
        body: loginInputSchema,
        response: answers({ 200: signInAnswerSchema }),
      },
    },
    async (request) => {
      const { username, password } = request.body
      const giveBack = await takeSignInAttempt(limiters.login, request.ip, username)
      const account = await findAccountByUsername(db, username)
      // An unknown user still costs one scrypt run, so timing does not reveal it.
      const valid = await verifyPassword(password, account?.passwordHash ?? DUMMY_HASH)
      // A deactivated agent gets the same answer as a wrong password.
      if (!account || !valid || !account.active) throw unauthorized(BAD_LOGIN)
      await giveBack()
      // The password is right; with two-step sign-in on, a code comes next.
      if (account.twoStep) {
        const mfa = await signToken(config, 'mfa', account.id, account.tokenVersion)
        return { mfa_required: true as const, mfa_token: mfa.token }
      }
      await noteSignIn(db, account.id)
      return startSession(db, config, account, signInClient(request))
    },
  )

  app.post(
    '/api/token/refresh',
    {
      schema: {
        ...doc('New tokens for a refresh token, which is spent (a second use revokes all)'),
        body: refreshInputSchema,
        response: answers({ 200: tokenPairSchema }),
      },
    },
    async (request) => {
      const spent = await spendRefresh(db, config, request.body.refresh)
      const account = spent ? await findAccountById(db, spent.agentId) : undefined
      // A password change bumps tokenVersion, which revokes every older refresh token.
      if (!spent || !account || !account.active || account.tokenVersion !== spent.version) {
        throw unauthorized(BAD_REFRESH)
      }
      // A refresh token from before sessions existed becomes a session of its own now.
      if (spent.sessionId === null) return startSession(db, config, account, signInClient(request))
      return issueTokens(db, config, account, spent.sessionId)
    },
  )

  app.post(
    '/api/update-password',
    {
      onRequest: ctx.authenticate,
      schema: {
        ...doc('Change your password', true),
        body: passwordUpdateInputSchema,
        response: answers({ 200: messageSchema }),
      },
    },
    async (request) => {
      const input = request.body
      const account = await findAccountById(db, actorOf(request).id)
      if (!account) throw unauthorized()
      // Like logins: counted before the check, given back when it was right.
      const attemptKey = `agent:${account.id}`
      refuseWhenLimited(await limiters.password.take(attemptKey), 'password attempts')
      if (!(await verifyPassword(input.current_password, account.passwordHash))) {
        throw badPassword(
          'The current password is incorrect.',
          'current_password',
          'This is not your current password. Try again.',
        )
      }
      await limiters.password.giveBack(attemptKey)
      if (input.new_password !== input.confirm_new_password) {
        throw badPassword(
          'The new passwords do not match.',
          'confirm_new_password',
          'Enter the same new password again.',
        )
      }
      const strength = passwordSchema.safeParse(input.new_password)
      if (!strength.success) {
        const detail = strength.error.issues[0]?.message ?? 'Choose a stronger password.'
        throw badPassword(`The new password cannot be used. ${detail}`, 'new_password', detail)
      }
      if (input.new_password.toLowerCase() === account.username.toLowerCase()) {
        throw badPassword(
          'The new password must not be the same as the username.',
          'new_password',
          NOT_THE_USERNAME,
        )
      }
      const passwordHash = await hashPassword(input.new_password)
      // Its tokens and sessions from before stop at once, on every server.
      await setPasswordHash(db, account.id, passwordHash, changeActorOf(request))
      return { message: 'Password updated successfully' }
    },
  )
}
