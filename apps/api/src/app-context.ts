import type { AppDeps } from './app.ts';
import type { Db } from './db/client.ts';
import { authGuard } from './http/auth-guard.ts';
import { operatorGuard } from './http/operator-guard.ts';
import { oauthClient, type OAuthClient } from './adapters/oauth/oauth-client.ts';
import { accessTokens, type AccessTokens } from './modules/auth/access-tokens.ts';
import { endedSessions, type EndedSessions } from './modules/auth/ended-sessions.ts';
import { createHmac } from 'node:crypto';
import type { TDepositMethod, TOAuthProvider } from '@cypher/contract';
import { coinbaseCommerceProvider } from './adapters/payments/coinbase-commerce-provider.ts';
import { sandboxProvider, sandboxWebhooks, type SandboxWebhooks } from './adapters/payments/sandbox-provider.ts';
import { stripeProvider } from './adapters/payments/stripe-provider.ts';
import { tiliaProvider } from './adapters/payments/tilia-provider.ts';
import type { PaymentProvider } from './adapters/payments/payment-provider.ts';
import { identityWebhookSecretFor, type IdentityProvider } from './adapters/identity/identity-provider.ts';
import { sandboxIdentityProvider } from './adapters/identity/sandbox-identity-provider.ts';
import { orderDepositListener } from './modules/orders/order-payments.ts';
import { balancePurchaseBatcher, type BalancePurchases } from './modules/orders/purchase-batcher.ts';
import { liveDropHooks } from './modules/orders/live-drop-hooks.ts';
import { soldOutMemory, type SoldOutMemory } from './modules/orders/sold-out-memory.ts';
import { dropLiveUpdates, type DropLive } from './modules/drops/live/drop-live.ts';
import type { DepositListener } from './modules/wallet/deposits/deposit-listener.ts';
import { provenanceSeedKey } from './modules/drops/provenance-seed-cipher.ts';
import type { ChainPort } from './adapters/chain/chain.ts';
import { configuredChain } from './adapters/chain/configured-chain.ts';

/**
 * What route files and services work with: the app's dependencies plus what is built from them once per app
 * (token signer, auth and operator guards, OAuth clients). Services take the parts they use, not the Fastify request.
 */
export interface AppContext extends AppDeps {
  db: Db;
  authSecret: string;
  tokens: AccessTokens;
  /** Every sign-in ended within an access token's lifetime, heard from every instance (decision record 42). */
  endedSessions: EndedSessions;
  guard: ReturnType<typeof authGuard> & ReturnType<typeof operatorGuard>;
  /** Google and Discord (or their local stand-ins); null where the provider is switched off. */
  oauth: Record<TOAuthProvider, OAuthClient | null>;
  /** The deposit providers behind the payment port; null where none is configured (a deposit answers 502). */
  payments: Record<TDepositMethod, PaymentProvider | null>;
  /** Signs and verifies the sandbox providers' webhooks (PAYMENTS_WEBHOOK_SECRET, or derived from AUTH_SECRET). */
  paymentsWebhookSecret: string;
  /** The sandboxes' callbacks after a saved-method charge; the dev-payments routes deliver them. */
  sandboxWebhooks: SandboxWebhooks;
  /** Balance purchases, batched per round and transaction (group commit). */
  balancePurchases: BalancePurchases;
  /** What this instance knows to be sold out, answered SOLD_OUT without the database (decision records 18 and 35). */
  soldOut: SoldOutMemory;
  /** The drop pages' live counts and what instances tell each other about drops (decision record 35). */
  dropLive: DropLive;
  /** What other modules do when a deposit they started settles: card and Tilia orders. */
  depositListeners: readonly DepositListener[];
  /** Identity verification before withdrawals: the sandbox outside production; null where none (answers 502). */
  identity: IdentityProvider | null;
  /** Signs and verifies the identity sandbox's webhooks (derived from AUTH_SECRET). */
  identityWebhookSecret: string;
  /**
   * Where editions live as tokens: the custodial registry in the database by default, mirrored on an EVM chain when
   * CHAIN_RPC_URL, CHAIN_CONTRACT_ADDRESS and CHAIN_SIGNER_KEY are set (decision record 25).
   */
  chain: ChainPort;
  /** Encrypts drops' provenance seeds at rest (PROVENANCE_SEED_KEY, or derived from AUTH_SECRET outside production). */
  seedKey: Buffer;
}

export function createAppContext(
  deps: AppDeps,
  options: { log?: (message: string, error?: unknown) => void } = {},
): AppContext {
  const authSecret = deps.config.auth.secret;
  if (!authSecret) throw new Error('AUTH_SECRET is not set');
  const db = deps.database.db;
  const tokens = accessTokens({ ...deps.config.auth, secret: authSecret }, deps.clock);
  const ended = endedSessions({
    database: deps.database,
    clock: deps.clock,
    accessTokenTtlSeconds: deps.config.auth.accessTokenTtlSeconds,
    log: options.log,
  });
  const auth = authGuard({
    db,
    clock: deps.clock,
    tokens,
    sessionCheckCacheMs: deps.config.auth.sessionCheckCacheMs,
    endedSessions: ended,
  });
  const operators = operatorGuard({ db, requireAuth: auth.requireAuth });
  const { google, discord } = deps.config.oauth;
  const oauth = {
    google: google.mode === 'off' ? null : oauthClient('google', google),
    discord: discord.mode === 'off' ? null : oauthClient('discord', discord),
  };
  const paymentsWebhookSecret =
    deps.config.payments.webhookSecret ??
    createHmac('sha256', authSecret).update('payments-webhook-secret').digest('hex');
  const { stripe, coinbaseCommerce, tilia, mode } = deps.config.payments;
  const webhooks = sandboxWebhooks();
  const sandbox = {
    publicUrl: deps.config.publicUrl,
    webhookSecret: paymentsWebhookSecret,
    clock: deps.clock,
    webhooks,
  };
  // The real provider where its keys are set; else the sandbox outside production; else none (a deposit answers 502).
  const orSandbox = (method: TDepositMethod) => (mode === 'sandbox' ? sandboxProvider(method, sandbox) : null);
  const payments: Record<TDepositMethod, PaymentProvider | null> = {
    card: stripe ? stripeProvider(stripe, { clock: deps.clock }) : orSandbox('card'),
    crypto: coinbaseCommerce ? coinbaseCommerceProvider(coinbaseCommerce, { clock: deps.clock }) : orSandbox('crypto'),
    tilia: tilia ? tiliaProvider(tilia, { clock: deps.clock }) : orSandbox('tilia'),
  };
  const soldOut = soldOutMemory(deps.clock);
  const dropLive = dropLiveUpdates({
    database: deps.database,
    clock: deps.clock,
    cypUnit: { cypPerUsd: deps.config.wallet.cypPerUsd, minorUnits: deps.config.wallet.cypMinorUnits },
    options: deps.config.drops.live,
    soldOut,
    log: options.log,
  });
  const identityWebhookSecret = identityWebhookSecretFor(authSecret);
  // No real identity provider's adapter yet: the sandbox outside production, none in production.
  const identity =
    deps.config.identity.mode === 'sandbox'
      ? sandboxIdentityProvider({
          publicUrl: deps.config.publicUrl,
          webhookSecret: identityWebhookSecret,
          clock: deps.clock,
        })
      : null;
  return {
    ...deps,
    db,
    authSecret,
    tokens,
    endedSessions: ended,
    guard: { ...auth, ...operators },
    oauth,
    payments,
    paymentsWebhookSecret,
    sandboxWebhooks: webhooks,
    identity,
    identityWebhookSecret,
    seedKey: provenanceSeedKey(deps.config),
    chain: configuredChain(deps.config),
    depositListeners: depositListenersFor(deps.config),
    soldOut,
    dropLive,
    balancePurchases: balancePurchaseBatcher({
      db,
      transactions: deps.database.pipelined,
      clock: deps.clock,
      batchesInFlight: deps.config.orders.batchesInFlight,
      soldOut,
      hooks: liveDropHooks(dropLive),
      onBatch: deps.onPurchaseBatch,
    }),
  };
}

/**
 * What other modules do when a deposit they started settles or closes (an order paid by card or Tilia): one list for
 * the webhook, the checkout and the abandoned-checkout job, so every path that closes a deposit tells the same ones.
 */
export function depositListenersFor(config: Pick<AppDeps['config'], 'orders'>): DepositListener[] {
  return [orderDepositListener({ holdMinutes: config.orders.holdMinutes })];
}
