import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZData,
  ZLoginResponse,
  ZOAuthAuthorization,
  ZOAuthCallbackRequest,
  ZOAuthProvider,
  ZOAuthSignInResponse,
  ZSocialSignUpRequest,
} from '@cypher/contract';
import type { AppContext } from '../../../app-context.ts';
import type { RequestMeta } from '../rate-limits.ts';
import { signInWithGoogle } from './sign-in-with-google.ts';
import { signUpWithSocial } from './sign-up-with-social.ts';
import { startOAuth } from './start-oauth.ts';

const PREFIX = '/v1/users/authentications/oauth';
const tags = ['auth'];

function metaOf(request: FastifyRequest): RequestMeta {
  return { ip: request.ip, userAgent: request.headers['user-agent'] };
}

/**
 * Sign-in with Google and the first half of connecting Discord. Discord's callback is POST /v1/discords/link
 * (users module): it attaches to the signed-in account instead of signing anyone in.
 */
export function oauthRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      `${PREFIX}/:provider`,
      {
        onRequest: ctx.guard.optionalAuth,
        schema: {
          tags,
          summary: 'The provider’s authorize URL (Google: sign in; Discord: connect, signed in)',
          params: z.object({ provider: ZOAuthProvider }),
          response: { 200: ZData(ZOAuthAuthorization) },
        },
      },
      async (request) => ({
        data: await startOAuth(ctx, request.params.provider, request.principal, metaOf(request)),
      }),
    );

    app.post(
      `${PREFIX}/:provider/callback`,
      {
        schema: {
          tags,
          summary: 'Finish a Google sign-in with the code and state from the callback page',
          params: z.object({ provider: z.literal('google') }),
          body: ZOAuthCallbackRequest,
          response: { 200: ZData(ZOAuthSignInResponse) },
        },
      },
      async (request) => ({ data: await signInWithGoogle(ctx, request.body, metaOf(request)) }),
    );

    app.post(
      '/v1/users/social',
      {
        schema: {
          tags,
          summary: 'Create the account of a new Google user after sign-up consent, and sign in',
          body: ZSocialSignUpRequest,
          response: { 200: ZData(ZLoginResponse), 201: ZData(ZLoginResponse) },
        },
      },
      async (request, reply) => {
        const { isCreated, signIn } = await signUpWithSocial(ctx, request.body, metaOf(request));
        return reply.status(isCreated ? 201 : 200).send({ data: signIn });
      },
    );
  };
}
