import type { AppDeps } from './app.ts';
import type { Db } from './db/client.ts';
import { authGuard } from './http/auth-guard.ts';
import { operatorGuard } from './http/operator-guard.ts';
import { oauthClient, type OAuthClient } from './adapters/oauth/oauth-client.ts';
import { accessTokens, type AccessTokens } from './modules/auth/access-tokens.ts';
import { createHmac } from 'node:crypto';
import type { TDepositMethod, TOAuthProvider } from '@cypher/contract';
import { sandboxProvider } from './adapters/payments/sandbox-provider.ts';
import type { PaymentProvider } from './adapters/payments/payment-provider.ts';

/**
 * What route files and services work with: the app's dependencies plus what is built from them once per app
 * (token signer, auth and operator guards, OAuth clients). Services take the parts they use, not the Fastify request.
 */
export interface AppContext extends AppDeps {
  db: Db;
  authSecret: string;
  tokens: AccessTokens;
  guard: ReturnType<typeof authGuard> & ReturnType<typeof operatorGuard>;
  /** Google and Discord (or their local stand-ins); null where the provider is switched off. */
  oauth: Record<TOAuthProvider, OAuthClient | null>;
  /** The deposit providers behind the payment port; null where none is configured (a deposit answers 502). */
  payments: Record<TDepositMethod, PaymentProvider | null>;
  /** Signs and verifies the sandbox providers' webhooks (PAYMENTS_WEBHOOK_SECRET, or derived from AUTH_SECRET). */
  paymentsWebhookSecret: string;
}

export function createAppContext(deps: AppDeps): AppContext {
  const authSecret = deps.config.auth.secret;
  if (!authSecret) throw new Error('AUTH_SECRET is not set');
  const db = deps.database.db;
  const tokens = accessTokens({ ...deps.config.auth, secret: authSecret }, deps.clock);
  const auth = authGuard({ db, clock: deps.clock, tokens });
  const operators = operatorGuard({ db, requireAuth: auth.requireAuth });
  const { google, discord } = deps.config.oauth;
  const oauth = {
    google: google.mode === 'off' ? null : oauthClient('google', google),
    discord: discord.mode === 'off' ? null : oauthClient('discord', discord),
  };
  const paymentsWebhookSecret =
    deps.config.payments.webhookSecret ??
    createHmac('sha256', authSecret).update('payments-webhook-secret').digest('hex');
  const isSandbox = deps.config.payments.mode === 'sandbox';
  const sandbox = { publicUrl: deps.config.publicUrl, webhookSecret: paymentsWebhookSecret, clock: deps.clock };
  const payments: Record<TDepositMethod, PaymentProvider | null> = {
    card: isSandbox ? sandboxProvider('card', sandbox) : null,
    crypto: isSandbox ? sandboxProvider('crypto', sandbox) : null,
    tilia: isSandbox ? sandboxProvider('tilia', sandbox) : null,
  };
  return { ...deps, db, authSecret, tokens, guard: { ...auth, ...operators }, oauth, payments, paymentsWebhookSecret };
}
