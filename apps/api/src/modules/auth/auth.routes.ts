import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZChangePasswordRequest,
  ZCheckPasswordRequest,
  ZCheckPasswordResetKeyRequest,
  ZCodeSent,
  ZConfirmPasswordResetRequest,
  ZData,
  ZLoginRequest,
  ZLoginResponse,
  ZMfaCodeRequest,
  ZMfaRegisterRequest,
  ZMfaVerifyRequest,
  ZMySessions,
  ZReauthentication,
  ZRequestPasswordResetRequest,
  ZSignIn2faRequest,
  ZSessionsEnded,
  ZSignUpRequest,
  ZTokenPair,
  ZVerifyEmailRequest,
  ZVerifyEmailResponse,
} from '@cypher/contract';
import type { AppContext } from '../../app-context.ts';
import { bearerToken, principalOf } from '../../http/auth-guard.ts';
import { changePassword } from './change-password.ts';
import { checkPassword } from './check-password.ts';
import { logIn } from './log-in.ts';
import { logOut } from './log-out.ts';
import { endMyOtherSessions, endMySession, listMySessions } from './my-sessions.ts';
import type { RequestMeta } from './rate-limits.ts';
import { refreshSession } from './refresh-session.ts';
import { registerMfaPhone } from './register-mfa-phone.ts';
import { requestPasswordReset } from './request-password-reset.ts';
import { checkPasswordResetKey, resetPassword } from './reset-password.ts';
import { sendEmailVerification } from './send-email-verification.ts';
import { sendMfaCode } from './send-mfa-code.ts';
import { disableMfa, enableMfa } from './set-mfa.ts';
import { signInWithSmsCode } from './sign-in-with-sms-code.ts';
import { signUp } from './sign-up.ts';
import { verifyEmail } from './verify-email.ts';

const PREFIX = '/v1/users/authentications';
const tags = ['auth'];
const bearer = [{ bearer: [] }];
const ZTwoFactorState = z.object({ isEnabled: z.boolean(), verifiedAt: z.string().nullable() });

function metaOf(request: FastifyRequest): RequestMeta {
  return { ip: request.ip, userAgent: request.headers['user-agent'] };
}

export function authRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const { requireAuth, optionalAuth } = ctx.guard;
  return async (app) => {
    app.post(
      '/v1/users',
      { schema: { tags, summary: 'Sign up', body: ZSignUpRequest, response: { 201: ZData(ZTokenPair) } } },
      async (request, reply) => reply.status(201).send({ data: await signUp(ctx, request.body, metaOf(request)) }),
    );

    app.post(
      `${PREFIX}/login`,
      {
        schema: {
          tags,
          summary: 'Sign in with email and password',
          body: ZLoginRequest,
          response: { 200: ZData(ZLoginResponse) },
        },
      },
      async (request) => ({ data: await logIn(ctx, request.body, metaOf(request)) }),
    );

    app.post(
      `${PREFIX}/sign-in-2fa`,
      {
        schema: {
          tags,
          summary: 'Finish a two-factor sign-in with the SMS code',
          body: ZSignIn2faRequest,
          response: { 200: ZData(ZTokenPair) },
        },
      },
      async (request) => ({ data: await signInWithSmsCode(ctx, request.body, metaOf(request)) }),
    );

    app.post(
      `${PREFIX}/auth-refresh`,
      {
        schema: {
          tags,
          summary: 'Rotate the refresh token (sent as the Bearer credential)',
          security: bearer,
          response: { 200: ZData(ZTokenPair) },
        },
      },
      async (request) => ({ data: await refreshSession(ctx, bearerToken(request)) }),
    );

    app.post(
      `${PREFIX}/logout`,
      { onRequest: requireAuth, schema: { tags, summary: 'End this sign-in', security: bearer } },
      async (request, reply) => {
        await logOut(ctx, principalOf(request));
        return reply.status(204).send();
      },
    );

    app.get(
      '/v1/users/sessions',
      {
        onRequest: requireAuth,
        schema: {
          tags,
          summary: 'My sign-ins still going: this one first, then the latest active',
          security: bearer,
          response: { 200: ZData(ZMySessions) },
        },
      },
      async (request) => ({ data: await listMySessions(ctx, principalOf(request)) }),
    );

    app.delete(
      '/v1/users/sessions/:id',
      {
        onRequest: requireAuth,
        schema: {
          tags,
          summary: 'End one of my sign-ins (this one too, which signs out)',
          security: bearer,
          params: z.object({ id: z.uuid() }),
        },
      },
      async (request, reply) => {
        await endMySession(ctx, principalOf(request), request.params.id);
        return reply.status(204).send();
      },
    );

    app.post(
      '/v1/users/sessions/end-others',
      {
        onRequest: requireAuth,
        schema: {
          tags,
          summary: 'End every sign-in of mine but this one',
          security: bearer,
          response: { 200: ZData(ZSessionsEnded) },
        },
      },
      async (request) => ({ data: await endMyOtherSessions(ctx, principalOf(request)) }),
    );

    app.post(
      `${PREFIX}/email-verifications`,
      {
        onRequest: requireAuth,
        schema: {
          tags,
          summary: 'Send the verification email again',
          security: bearer,
          response: { 202: ZData(z.object({ sentTo: z.string() })) },
        },
      },
      async (request, reply) =>
        reply.status(202).send({ data: await sendEmailVerification(ctx, principalOf(request).userId) }),
    );

    app.patch(
      `${PREFIX}/email-verifications`,
      {
        schema: {
          tags,
          summary: 'Verify an email with the key from the link',
          body: ZVerifyEmailRequest,
          response: { 200: ZData(ZVerifyEmailResponse) },
        },
      },
      async (request) => ({ data: await verifyEmail(ctx, request.body.key) }),
    );

    app.post(
      `${PREFIX}/check-password`,
      {
        onRequest: requireAuth,
        schema: {
          tags,
          summary: 'Confirm the password before a sensitive change',
          security: bearer,
          body: ZCheckPasswordRequest,
          response: { 200: ZData(ZReauthentication) },
        },
      },
      async (request) => ({ data: await checkPassword(ctx, principalOf(request), request.body.password) }),
    );

    app.post(
      `${PREFIX}/change-password`,
      {
        onRequest: requireAuth,
        schema: { tags, summary: 'Change the password', security: bearer, body: ZChangePasswordRequest },
      },
      async (request, reply) => {
        await changePassword(ctx, principalOf(request), request.body);
        return reply.status(204).send();
      },
    );

    app.post(
      `${PREFIX}/reset-password`,
      { schema: { tags, summary: 'Mail a password reset link', body: ZRequestPasswordResetRequest } },
      async (request, reply) => {
        await requestPasswordReset(ctx, request.body.email, metaOf(request));
        return reply.status(202).send();
      },
    );

    app.post(
      `${PREFIX}/reset-password/check`,
      {
        schema: {
          tags,
          summary: 'Whether the key from a reset link still works (204), or INVALID_AUTHORIZATION_KEY',
          body: ZCheckPasswordResetKeyRequest,
        },
      },
      async (request, reply) => {
        await checkPasswordResetKey(ctx, request.body.key);
        return reply.status(204).send();
      },
    );

    app.patch(
      `${PREFIX}/reset-password`,
      {
        schema: {
          tags,
          summary: 'Set a new password with the key from the reset link',
          body: ZConfirmPasswordResetRequest,
        },
      },
      async (request, reply) => {
        await resetPassword(ctx, request.body);
        return reply.status(204).send();
      },
    );

    app.post(
      `${PREFIX}/mfa-register`,
      {
        onRequest: requireAuth,
        schema: {
          tags,
          summary: 'Send a code to the phone that will receive two-factor codes',
          security: bearer,
          body: ZMfaRegisterRequest,
          response: { 202: ZData(ZCodeSent) },
        },
      },
      async (request, reply) =>
        reply
          .status(202)
          .send({ data: await registerMfaPhone(ctx, principalOf(request), request.body.phoneNumber, metaOf(request)) }),
    );

    app.post(
      `${PREFIX}/mfa-code`,
      {
        onRequest: optionalAuth,
        schema: {
          tags,
          summary: 'Send a two-factor code (resend during sign-in, or to turn two-factor off)',
          body: ZMfaCodeRequest,
          response: { 202: ZData(ZCodeSent) },
        },
      },
      async (request, reply) =>
        reply.status(202).send({
          data: await sendMfaCode(
            ctx,
            { mfaToken: request.body.mfaToken, principal: request.principal },
            metaOf(request),
          ),
        }),
    );

    app.post(
      `${PREFIX}/mfa`,
      {
        onRequest: requireAuth,
        schema: {
          tags,
          summary: 'Turn SMS two-factor on with the code',
          security: bearer,
          body: ZMfaVerifyRequest,
          response: { 200: ZData(ZTwoFactorState) },
        },
      },
      async (request) => ({ data: await enableMfa(ctx, principalOf(request), request.body.code) }),
    );

    app.delete(
      `${PREFIX}/mfa`,
      {
        onRequest: requireAuth,
        schema: {
          tags,
          summary: 'Turn SMS two-factor off with the code',
          security: bearer,
          body: ZMfaVerifyRequest,
          response: { 200: ZData(ZTwoFactorState) },
        },
      },
      async (request) => ({ data: await disableMfa(ctx, principalOf(request), request.body.code) }),
    );
  };
}
