import type { FastifyRequest } from 'fastify'
import {
  accessTokenSchema,
  loginInputSchema,
  messageSchema,
  passwordUpdateInputSchema,
  refreshInputSchema,
  registerInputSchema,
  registerResponseSchema,
  tokenPairSchema,
} from '../../shared/auth'
import { passwordSchema } from '../../shared/text'
import { actorOf } from '../auth/authenticate'
import { DUMMY_HASH, hashPassword, verifyPassword } from '../auth/passwords'
import { signAccessToken, signRefreshToken, verifyToken } from '../auth/tokens'
import type { RouteContext } from '../http/context'
import { forbidden, HttpError, unauthorized } from '../http/errors'
import { refuseWhenLimited } from '../http/too-many'
import { answers, describe, type ZodApp } from '../http/zod-routes'
import {
  createAgent,
  findAccountById,
  findAccountByUsername,
  setPasswordHash,
} from '../repositories/agents'

// One message whether or not the username exists, so it cannot be used to probe accounts.
const BAD_LOGIN = 'No active account found with the given credentials.'
const BAD_REFRESH = 'The refresh token is invalid or expired.'

const doc = (summary: string, signedIn = false) => describe('Auth', summary, { signedIn })

const badPassword = (message: string, field: string, detail: string) =>
  new HttpError(400, message, { [field]: detail })

export function authRoutes(app: ZodApp, ctx: RouteContext): void {
  const { config, limiters } = ctx
  const { db } = ctx.database

  // onRequest hooks run before the body is validated: 403 and 429 come before any 400.
  const signupAllowed = (request: FastifyRequest): Promise<void> => {
    if (config.signup === 'closed') return Promise.reject(forbidden('Sign-up is closed.'))
    // Every attempt counts, so the limit also bounds password-hashing work per address.
    refuseWhenLimited(limiters.signup.check(request.ip), 'sign-up attempts')
    limiters.signup.hit(request.ip)
    return Promise.resolve()
  }
  const addressNotBlocked = (request: FastifyRequest): Promise<void> => {
    refuseWhenLimited(limiters.login.check(`address:${request.ip}`), 'login attempts')
    return Promise.resolve()
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
      const agent = await createAgent(db, { ...input, passwordHash, role: config.signupRole })
      if (!agent) {
        throw new HttpError(409, 'This username is already taken.', {
          username: 'is already taken',
        })
      }
      return reply.code(201).send(agent)
    },
  )

  app.post(
    '/api/users/token',
    {
      onRequest: addressNotBlocked,
      schema: {
        ...doc('Sign in: an access and a refresh token'),
        body: loginInputSchema,
        response: answers({ 200: tokenPairSchema }),
      },
    },
    async (request) => {
      const input = request.body
      const addressKey = `address:${request.ip}`
      const userKey = `username:${input.username.toLowerCase()}`
      // Checked before the password: once blocked, even the right password gets 429.
      refuseWhenLimited(limiters.login.check(userKey), 'login attempts')
      const account = await findAccountByUsername(db, input.username)
      // An unknown user still costs one scrypt run, so timing does not reveal it.
      const valid = await verifyPassword(input.password, account?.passwordHash ?? DUMMY_HASH)
      if (!account || !valid) {
        limiters.login.hit(addressKey)
        limiters.login.hit(userKey)
        throw unauthorized(BAD_LOGIN)
      }
      const [access, refresh] = await Promise.all([
        signAccessToken(config, account.id),
        signRefreshToken(config, account.id, account.tokenVersion),
      ])
      return { access, refresh }
    },
  )

  app.post(
    '/api/token/refresh',
    {
      schema: {
        ...doc('A new access token for a refresh token'),
        body: refreshInputSchema,
        response: answers({ 200: accessTokenSchema }),
      },
    },
    async (request) => {
      const token = await verifyToken(config.jwtSecret, request.body.refresh, 'refresh')
      const account = token ? await findAccountById(db, token.userId) : undefined
      // A password change bumps tokenVersion, which revokes every older refresh token.
      if (!token || !account || account.tokenVersion !== token.version) {
        throw unauthorized(BAD_REFRESH)
      }
      return { access: await signAccessToken(config, account.id) }
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
      if (!(await verifyPassword(input.current_password, account.passwordHash))) {
        throw badPassword('The current password is incorrect.', 'current_password', 'is incorrect')
      }
      if (input.new_password !== input.confirm_new_password) {
        throw badPassword(
          'The new passwords do not match.',
          'confirm_new_password',
          'does not match the new password',
        )
      }
      const strength = passwordSchema.safeParse(input.new_password)
      if (!strength.success) {
        const detail = strength.error.issues[0]?.message ?? 'is too weak'
        throw badPassword(`The new password ${detail}.`, 'new_password', detail)
      }
      if (input.new_password.toLowerCase() === account.username.toLowerCase()) {
        throw badPassword(
          'The new password must not be the same as the username.',
          'new_password',
          'must not be the same as the username',
        )
      }
      await setPasswordHash(db, account.id, await hashPassword(input.new_password))
      return { message: 'Password updated successfully' }
    },
  )
}
