import { tokenPairSchema } from '#shared/auth'
import { mfaInputSchema, WRONG_CODE } from '#shared/two-step'
import { takeSignInAttempt } from '../auth/login-attempts'
import { signInClient, startSession } from '../auth/sessions'
import { verifyToken } from '../auth/tokens'
import { passesSecondStep } from '../auth/two-step'
import type { RouteContext } from '../http/context'
import { unauthorized } from '../http/errors'
import { answers, describe, type ZodApp } from '../http/zod-routes'
import { findAccountById, noteSignIn } from '../repositories/agents'

const EXPIRED = 'This sign-in has expired. Sign in again.'

/** POST /api/users/token/2fa/: the second step of a two-step sign-in. */
export function secondStepRoutes(app: ZodApp, ctx: RouteContext): void {
  const { config, limiters } = ctx
  const { db } = ctx.database

  app.post(
    '/api/users/token/2fa',
    {
      schema: {
        ...describe('Auth', 'Second step of a two-step sign-in: a code for the tokens', {
          signedIn: false,
        }),
        body: mfaInputSchema,
        response: answers({ 200: tokenPairSchema }),
      },
    },
    async (request) => {
      const { mfa_token, code } = request.body
      const token = await verifyToken(config.jwtSecret, mfa_token, 'mfa')
      const account = token && (await findAccountById(db, token.userId))
      // The password changed, the agent was deactivated or turned two-step off since.
      if (!account?.active || !account.twoStep || account.tokenVersion !== token?.version) {
        throw unauthorized(EXPIRED)
      }
      // Wrong codes count toward the same limit as wrong passwords, for that username.
      const giveBack = await takeSignInAttempt(limiters.login, request.ip, account.username)
      if (!(await passesSecondStep(db, account.id, code))) throw unauthorized(WRONG_CODE)
      await giveBack()
      await noteSignIn(db, account.id)
      return startSession(db, config, account, signInClient(request))
    },
  )
}
