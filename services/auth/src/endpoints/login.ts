import { authOperations, type LoginReply } from '@console/contracts';
import { defineHandlers, Reply } from '@console/kit';
import type { FastifyInstance } from 'fastify';
import { CODE_SENT, type SignInOutcome } from '../plugins/sign-in.ts';

/** A session grant rides beside the data; the gateway turns it into the cookie. */
function answer(outcome: SignInOutcome): LoginReply | Reply<LoginReply> {
  if (outcome.kind === 'code')
    return {
      requiresOneTimeCode: true,
      userId: outcome.userId,
      attemptId: outcome.attemptId,
      message: CODE_SENT,
    };
  return new Reply({ user: outcome.user } satisfies LoginReply, {
    session: { sessionId: outcome.sessionId, userId: outcome.user.id },
  });
}

export function loginHandlers(app: FastifyInstance) {
  return defineHandlers(authOperations, {
    'auth.login': async (ctx) =>
      answer(await app.signIn.withPassword(ctx.body.email, ctx.body.password, ctx.ip)),

    'auth.verifyCode': async (ctx) =>
      answer(await app.signIn.withCode(ctx.body.attemptId, ctx.body.code, ctx.ip)),

    // Internal: only the gateway calls it, after checking the provider's ID token.
    'auth.ssoSignIn': async (ctx) => answer(await app.signIn.withProvider(ctx.body.email)),

    'auth.logout': async (ctx) => {
      if (ctx.caller) await app.sessions.end(ctx.caller.sessionId, ctx.caller.userId);
      return new Reply({ message: 'Signed out.' }, { endSession: true });
    },
  });
}
