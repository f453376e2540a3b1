// The only reader of `process.env`. Every setting the API understands is declared here with its default, checked at
// start-up, and handed down as a typed object; README.md lists the same variables.
import path from 'node:path';
import { z } from 'zod';
import {
  DEFAULT_BRAND_NAME,
  DEFAULT_DEPOSIT_MAX_CENTS,
  DEFAULT_DEPOSIT_MIN_CENTS,
  DEFAULT_CYP_MINOR_UNITS,
  DEFAULT_CYP_PER_USD,
  cypPerUsdCent,
} from '@cypher/contract';
import { repositoryRoot } from './lib/api-folder.ts';

const optionalString = z
  .string()
  .trim()
  .transform((value) => (value === '' ? undefined : value))
  .optional();

const ZEnvironment = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  /** A Unix socket served besides PORT, for a proxy on the same machine (start:cluster's nginx). */
  LISTEN_SOCKET: optionalString,
  PUBLIC_URL: optionalString.pipe(z.url().optional()),
  BRAND_NAME: z.string().trim().min(1).default(DEFAULT_BRAND_NAME),
  DATA_DIR: z.string().default(path.join(repositoryRoot, 'data')),
  UPLOADS_DIR: optionalString,
  S3_BUCKET: optionalString.pipe(
    z
      .string()
      .regex(
        /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
        'must be a bucket name: 3 to 63 lower-case letters, digits, dots and dashes',
      )
      .optional(),
  ),
  S3_ENDPOINT: optionalString.pipe(z.url().optional()),
  S3_REGION: optionalString,
  S3_ACCESS_KEY_ID: optionalString,
  // The message never repeats the value: this is a secret.
  S3_SECRET_ACCESS_KEY: optionalString,
  S3_FORCE_PATH_STYLE: optionalString.pipe(z.enum(['true', 'false']).optional()),
  S3_PUBLIC_URL: optionalString.pipe(z.url().optional()),
  DATABASE_URL: optionalString,
  REDIS_URL: optionalString,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST_DIR: z.string().default(path.join(repositoryRoot, 'apps/web/dist')),
  TRUST_PROXY: z
    .enum(['true', 'false'])
    .default('false')
    .transform((value) => value === 'true'),
  SENTRY_DSN: optionalString,
  WEB_SENTRY_DSN: optionalString,
  WEB_TAG_MANAGER_ID: optionalString,
  WEB_GA_MEASUREMENT_ID: optionalString,
  WEB_AMPLITUDE_API_KEY: optionalString,
  AUTH_SECRET: optionalString.pipe(z.string().min(32, 'must be at least 32 characters').optional()),
  PROVENANCE_SEED_KEY: optionalString.pipe(
    z
      .string()
      .transform((value) => aes256Key(value))
      .refine((key) => key !== null, 'must be 32 bytes: 64 hex characters, or 44 characters of base64 (43 base64url)')
      .optional(),
  ),
  ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(60).max(86_400).default(900),
  SESSION_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  SESSION_CHECK_CACHE_MS: z.coerce.number().int().min(0).max(30_000).default(5_000),
  SIGN_UP_LIMIT_PER_HOUR: z.coerce.number().int().min(1).max(100_000).default(10),
  SMTP_URL: optionalString.pipe(z.url().optional()),
  MAIL_FROM: z.string().default('Cypher <no-reply@cypher.local>'),
  TWILIO_ACCOUNT_SID: optionalString,
  TWILIO_AUTH_TOKEN: optionalString,
  SMS_FROM: optionalString,
  SMS_API_BASE_URL: z.url().default('https://api.twilio.com'),
  JOBS_ENABLED: z
    .enum(['true', 'false'])
    .default('true')
    .transform((value) => value === 'true'),
  GOOGLE_CLIENT_ID: optionalString,
  GOOGLE_CLIENT_SECRET: optionalString,
  GOOGLE_AUTHORIZE_URL: optionalString.pipe(z.url().optional()),
  GOOGLE_TOKEN_URL: optionalString.pipe(z.url().optional()),
  GOOGLE_USERINFO_URL: optionalString.pipe(z.url().optional()),
  DISCORD_CLIENT_ID: optionalString,
  DISCORD_CLIENT_SECRET: optionalString,
  DISCORD_AUTHORIZE_URL: optionalString.pipe(z.url().optional()),
  DISCORD_TOKEN_URL: optionalString.pipe(z.url().optional()),
  DISCORD_USERINFO_URL: optionalString.pipe(z.url().optional()),
  DISCORD_BOT_TOKEN: optionalString,
  DISCORD_GUILD_ID: optionalString,
  DISCORD_API_BASE_URL: z.url().default('https://discord.com/api/v10'),
  BLOCKED_COUNTRIES: z
    .string()
    .default('')
    .transform((value) =>
      value
        .split(',')
        .map((code) => code.trim().toUpperCase())
        .filter(Boolean),
    )
    .pipe(z.array(z.string().regex(/^[A-Z]{2}$/, 'must be a comma-separated list of ISO 3166-1 alpha-2 codes'))),
  CARD_SETTLEMENT_DAYS: z.coerce.number().int().min(0).max(180).default(7),
  WIRE_WITHDRAWAL_FEE_CENTS: z.coerce.number().int().min(0).max(100_000).default(2500),
  USDC_WITHDRAWAL_FEE_CENTS: z.coerce.number().int().min(0).max(100_000).default(0),
  CYP_MINOR_UNITS: z.coerce.number().int().min(0).max(6).default(DEFAULT_CYP_MINOR_UNITS),
  CYP_PER_USD: z.coerce.number().positive().max(1_000_000).default(DEFAULT_CYP_PER_USD),
  ORDER_HOLD_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(10),
  ORDER_FEE_BASIS_POINTS: z.coerce.number().int().min(0).max(5_000).default(500),
  ORDER_FEE_MIN_CENTS: z.coerce.number().int().min(0).max(100_000).default(0),
  PURCHASE_BATCHES_IN_FLIGHT: z.coerce.number().int().min(1).max(16).default(2),
  PUBLIC_RESPONSE_CACHE_MS: z.coerce.number().int().min(0).max(1000).default(1000),
  DROP_CACHE_MS: z.coerce.number().int().min(0).max(1000).default(1000),
  DROP_PUBLISH_INLINE_MAX_EDITIONS: z.coerce.number().int().min(0).max(1_000_000).default(20_000),
  DROP_PUBLISH_BATCH_EDITIONS: z.coerce.number().int().min(100).max(100_000).default(10_000),
  DROP_LIVE_INTERVAL_MS: z.coerce.number().int().min(20).max(5_000).default(250),
  DROP_LIVE_HEARTBEAT_SECONDS: z.coerce.number().int().min(1).max(120).default(15),
  DROP_LIVE_MAX_WATCHERS: z.coerce.number().int().min(0).max(1_000_000).default(10_000),
  DROP_LIVE_MAX_WATCHERS_PER_ADDRESS: z.coerce.number().int().min(1).max(1_000_000).default(100),
  DROP_LIVE_WRITES_PER_SECOND: z.coerce.number().int().min(100).max(1_000_000).default(2_500),
  DROP_LIVE_FANOUT: optionalString,
  DROP_LIVE_FANOUT_WRITES_PER_SECOND: z.coerce.number().int().min(100).max(1_000_000).default(5_000),
  DEPOSIT_MIN_CENTS: z.coerce.number().int().min(1).max(100_000_000).default(DEFAULT_DEPOSIT_MIN_CENTS),
  DEPOSIT_MAX_CENTS: z.coerce.number().int().min(1).max(100_000_000).default(DEFAULT_DEPOSIT_MAX_CENTS),
  PAYMENTS_WEBHOOK_SECRET: optionalString.pipe(z.string().min(16, 'must be at least 16 characters').optional()),
  STRIPE_SECRET_KEY: optionalString,
  STRIPE_WEBHOOK_SECRET: optionalString,
  // The SDK takes a host, a port and a protocol and adds the /v1/ paths itself: a path here would be dropped.
  STRIPE_API_BASE: z
    .url()
    .refine((value) => new URL(value).pathname === '/', 'must be a scheme, host and port only (no path)')
    .default('https://api.stripe.com'),
  COINBASE_COMMERCE_API_KEY: optionalString,
  COINBASE_COMMERCE_WEBHOOK_SECRET: optionalString,
  COINBASE_COMMERCE_API_BASE: z.url().default('https://api.commerce.coinbase.com'),
  TILIA_CLIENT_ID: optionalString,
  TILIA_CLIENT_SECRET: optionalString,
  TILIA_WEBHOOK_SECRET: optionalString,
  TILIA_AUTH_BASE: z.url().default('https://auth.tilia-inc.com'),
  TILIA_API_BASE: z.url().default('https://invoicing.tilia-inc.com'),
  CHAIN_RPC_URL: optionalString.pipe(z.url().optional()),
  CHAIN_CONTRACT_ADDRESS: optionalString.pipe(
    z
      .string()
      .regex(/^0x[0-9a-fA-F]{40}$/, 'must be 0x followed by 40 hexadecimal characters')
      .optional(),
  ),
  // The message never repeats the value: this is a private key.
  CHAIN_SIGNER_KEY: optionalString.pipe(
    z
      .string()
      .regex(/^(0x)?[0-9a-fA-F]{64}$/, 'must be a 32-byte private key: 64 hexadecimal characters, 0x optional')
      .optional(),
  ),
  CHAIN_ID: optionalString.pipe(z.coerce.number<string | undefined>().int().positive().optional()),
  ATTENDANCE_TIME_ZONE: z
    .string()
    .trim()
    .default('UTC')
    .refine(isTimeZone, 'must be an IANA time zone, for example UTC or Asia/Seoul'),
  REDEEM_CODE_SECRET: optionalString.pipe(z.string().min(32, 'must be at least 32 characters').optional()),
  COUNTRY_HEADER: z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^[a-z0-9-]+$/)
    .default('cf-ipcountry'),
});

export type TEnvironment = Partial<Record<keyof z.input<typeof ZEnvironment>, string>>;

export function loadConfig(env: Record<string, string | undefined> = process.env) {
  const parsed = ZEnvironment.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`).join('\n');
    throw new Error(`Invalid configuration:\n${problems}`);
  }
  const e = parsed.data;
  if (e.NODE_ENV === 'production' && !e.AUTH_SECRET) {
    throw new Error('Invalid configuration:\n  AUTH_SECRET: required in production (at least 32 random characters)');
  }
  if (e.NODE_ENV === 'production' && !e.PROVENANCE_SEED_KEY) {
    throw new Error(
      'Invalid configuration:\n  PROVENANCE_SEED_KEY: required in production (32 random bytes: openssl rand -hex 32)',
    );
  }
  if (e.DEPOSIT_MIN_CENTS > e.DEPOSIT_MAX_CENTS) {
    throw new Error('Invalid configuration:\n  DEPOSIT_MIN_CENTS: must not be above DEPOSIT_MAX_CENTS');
  }
  const providers = paymentProvidersConfig(e);
  const chain = chainConfig(e);
  const bucket = bucketConfig(e);
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '');
  return {
    environment: e.NODE_ENV,
    isProduction: e.NODE_ENV === 'production',
    port: e.PORT,
    host: e.HOST,
    /** Also served on this Unix socket (http/unix-socket-listener.ts), or null. */
    listenSocket: e.LISTEN_SOCKET ?? null,
    publicUrl,
    brandName: e.BRAND_NAME,
    dataDir: path.resolve(e.DATA_DIR),
    /** Uploaded and generated images (the local storage port); a bucket replaces it at scale. */
    uploadsDir: path.resolve(e.UPLOADS_DIR ?? path.join(e.DATA_DIR, 'uploads')),
    /**
     * An S3-compatible bucket for those images instead of the folder, when S3_BUCKET and its keys are set (several
     * machines share no folder; adapters/storage/s3-file-storage.ts, decision record 33).
     */
    bucket,
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    logLevel: e.LOG_LEVEL,
    webDistDir: path.resolve(e.WEB_DIST_DIR),
    trustProxy: e.TRUST_PROXY,
    sentryDsn: e.SENTRY_DSN,
    jobsEnabled: e.JOBS_ENABLED,
    auth: {
      /** Signs access tokens and keys code hashes. Required in production; elsewhere kept in DATA_DIR if unset. */
      secret: e.AUTH_SECRET,
      accessTokenTtlSeconds: e.ACCESS_TOKEN_TTL_SECONDS,
      sessionTtlDays: e.SESSION_TTL_DAYS,
      /** How long a sign-in found alive is trusted without reading it again: the bound on a logout elsewhere. */
      sessionCheckCacheMs: e.SESSION_CHECK_CACHE_MS,
      /** Accounts one address may create in an hour (password and social sign-ups together). */
      signUpLimitPerHour: e.SIGN_UP_LIMIT_PER_HOUR,
      issuer: publicUrl,
      audience: 'cypher-api',
    },
    mail: { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM },
    sms:
      e.TWILIO_ACCOUNT_SID && e.TWILIO_AUTH_TOKEN && e.SMS_FROM
        ? {
            accountSid: e.TWILIO_ACCOUNT_SID,
            authToken: e.TWILIO_AUTH_TOKEN,
            from: e.SMS_FROM,
            baseUrl: e.SMS_API_BASE_URL,
          }
        : undefined,
    oauth: oauthConfig(e, publicUrl),
    discordBot:
      e.DISCORD_BOT_TOKEN && e.DISCORD_GUILD_ID
        ? { token: e.DISCORD_BOT_TOKEN, guildId: e.DISCORD_GUILD_ID, apiBaseUrl: e.DISCORD_API_BASE_URL }
        : undefined,
    wallet: {
      /** Days before card and Tilia funds become withdrawable (the withdrawability rule). */
      cardSettlementDays: e.CARD_SETTLEMENT_DAYS,
      /** Decimals of one CYP: the ledger counts CYP in 10^-minorUnits. */
      cypMinorUnits: e.CYP_MINOR_UNITS,
      /** How many CYP one USD buys. */
      cypPerUsd: e.CYP_PER_USD,
      /** Charged per withdrawal request, in cents, and kept if the request is rejected. */
      withdrawalFeeCents: { wire: e.WIRE_WITHDRAWAL_FEE_CENTS, usdc: e.USDC_WITHDRAWAL_FEE_CENTS },
    },
    orders: {
      /** How long card and Tilia orders hold their packs while the person pays. */
      holdMinutes: e.ORDER_HOLD_MINUTES,
      /** The service fee: basis points of the subtotal (500 = 5 %), at least minimumFee cents (orderServiceFee). */
      fee: { feeBasisPoints: e.ORDER_FEE_BASIS_POINTS, minimumFee: e.ORDER_FEE_MIN_CENTS },
      /**
       * CYP minor units a cent of a price costs when paid with CYP credit, spent before USD in a balance purchase
       * (wallet/purchase-purses.ts); null when the configured unit makes that no whole number (credit then pays none).
       */
      creditPerCent: cypPerUsdCent({ cypPerUsd: e.CYP_PER_USD, minorUnits: e.CYP_MINOR_UNITS }),
      /**
       * Balance purchases of one round (or pass) one instance runs in transactions at once (the group commit,
       * decision record 16): while they run, later purchases queue for the next.
       */
      batchesInFlight: e.PURCHASE_BATCHES_IN_FLIGHT,
    },
    payments: {
      /** Deposits outside [min, max] cents are refused with AMOUNT_OUT_OF_BANDWIDTH. */
      depositMinCents: e.DEPOSIT_MIN_CENTS,
      depositMaxCents: e.DEPOSIT_MAX_CENTS,
      /**
       * Signs and verifies the sandbox providers' webhooks. Unset outside production: derived from AUTH_SECRET.
       * The sandboxes (and so card deposits without a real provider) are switched off in production.
       */
      webhookSecret: e.PAYMENTS_WEBHOOK_SECRET,
      mode: (e.NODE_ENV === 'production' ? 'off' : 'sandbox') as 'off' | 'sandbox',
      /** The real providers, each present only when its whole set of keys is; they win over the sandboxes. */
      ...providers,
    },
    identity: {
      /**
       * Identity verification (KYC) before withdrawals: the sandbox outside production; in production off until a
       * real provider's adapter exists (starting a verification answers IDENTITY_PROVIDER_UNAVAILABLE).
       */
      mode: (e.NODE_ENV === 'production' ? 'off' : 'sandbox') as 'off' | 'sandbox',
    },
    /** How long an instance serves a public answer's bytes again without running its route (at most a second). */
    publicResponseCacheMs: e.PUBLIC_RESPONSE_CACHE_MS,
    drops: {
      /**
       * Encrypts each drop's provenance seed at rest (AES-256-GCM). Required in production; elsewhere derived from
       * AUTH_SECRET when unset (provenance-seed-cipher.ts).
       */
      seedKey: e.PROVENANCE_SEED_KEY ?? undefined,
      /**
       * How long one process keeps the public part of a drop (times, rounds, sold counts) before reading it again: at
       * most a second, so what anyone sees is never more than a second behind a purchase. 0 turns it off.
       */
      publicCacheMs: e.DROP_CACHE_MS,
      /** How a drop's packs and editions are written when it is published (decision record 22). */
      publication: {
        /**
         * A drop of at most this many editions is written in the publish request (a couple of batches, about a
         * second), so the console answers PUBLISHED at once; a larger one answers PUBLISHING (202) and a job writes it.
         */
        inlineMaxEditions: e.DROP_PUBLISH_INLINE_MAX_EDITIONS,
        /**
         * Editions per batch transaction (whole packs). A batch holds locks only on its own drop's row and the rows it
         * inserts, and on PGlite it holds the one connection, so it stays well under a second.
         */
        batchEditions: e.DROP_PUBLISH_BATCH_EDITIONS,
      },
      /** The drop pages' live counts (GET /v1/drops/{id}/live, decision record 35), per instance. */
      live: {
        /** The least time between two reads of a drop's counts, and so between two events of its stream. */
        intervalMs: e.DROP_LIVE_INTERVAL_MS,
        /** A comment on every stream this often, so proxies and browsers keep idle streams open. */
        heartbeatMs: e.DROP_LIVE_HEARTBEAT_SECONDS * 1000,
        /** Open streams on one instance at most; past it, 503 LIVE_UPDATES_FULL (the page keeps its own refresh). */
        maxWatchers: e.DROP_LIVE_MAX_WATCHERS,
        /** Open streams from one address on one instance at most (a household, an office, a carrier's shared address). */
        maxWatchersPerAddress: e.DROP_LIVE_MAX_WATCHERS_PER_ADDRESS,
        /** Events one instance writes a second at most over all its streams: more watchers, events further apart. */
        writesPerSecond: e.DROP_LIVE_WRITES_PER_SECOND,
        /**
         * nginx's publisher when nginx holds the streams itself (its Nchan module; `start:cluster` sets it): a Unix
         * socket's path or an http:// address. The instance then publishes each event once per drop there.
         */
        fanoutTarget: e.DROP_LIVE_FANOUT ?? null,
        /**
         * Events nginx writes a second at most for the drops one instance publishes: a drop's single publisher spaces
         * its events by its watchers against this (10,000 watchers: one every two seconds).
         */
        fanoutWritesPerSecond: e.DROP_LIVE_FANOUT_WRITES_PER_SECOND,
      },
    },
    /**
     * The EVM adapter behind the chain port, when all of CHAIN_RPC_URL, CHAIN_CONTRACT_ADDRESS and CHAIN_SIGNER_KEY
     * are set; otherwise the custodial registry alone (adapters/chain, decision record 25).
     */
    chain,
    attendance: {
      /** The one time zone whose midnight starts everyone's day of attendance (issue 20). */
      timeZone: e.ATTENDANCE_TIME_ZONE,
    },
    redeem: {
      /**
       * Keys the derivation of redeem codes (decision record 31). Unset: derived from AUTH_SECRET (redeem-code-key.ts).
       */
      codeSecret: e.REDEEM_CODE_SECRET,
    },
    countryRestriction: { blockedCountries: e.BLOCKED_COUNTRIES, header: e.COUNTRY_HEADER },
    web: {
      sentryDsn: e.WEB_SENTRY_DSN,
      tagManagerId: e.WEB_TAG_MANAGER_ID,
      gaMeasurementId: e.WEB_GA_MEASUREMENT_ID,
      amplitudeApiKey: e.WEB_AMPLITUDE_API_KEY,
    },
  };
}

export type TConfig = ReturnType<typeof loadConfig>;

/** Whether the runtime knows `zone` as an IANA time zone (Intl refuses unknown ones). */
function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** A 32-byte key written as 64 hex characters or as base64 / base64url; null for anything else. */
function aes256Key(value: string): Buffer | null {
  if (/^[0-9a-fA-F]{64}$/.test(value)) return Buffer.from(value, 'hex');
  if (/^[A-Za-z0-9+/_-]{43}=?$/.test(value)) {
    const key = Buffer.from(value.replace(/=$/, ''), 'base64url');
    if (key.length === 32) return key;
  }
  return null;
}

/**
 * Stripe (card), Coinbase Commerce (crypto) and Tilia: each needs its keys as a complete set, since a provider that
 * can open checkouts but cannot verify their webhooks would take money it never credits. A partial set stops start-up.
 */
function paymentProvidersConfig(e: z.output<typeof ZEnvironment>) {
  const sets = {
    Stripe: { STRIPE_SECRET_KEY: e.STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET: e.STRIPE_WEBHOOK_SECRET },
    'Coinbase Commerce': {
      COINBASE_COMMERCE_API_KEY: e.COINBASE_COMMERCE_API_KEY,
      COINBASE_COMMERCE_WEBHOOK_SECRET: e.COINBASE_COMMERCE_WEBHOOK_SECRET,
    },
    Tilia: {
      TILIA_CLIENT_ID: e.TILIA_CLIENT_ID,
      TILIA_CLIENT_SECRET: e.TILIA_CLIENT_SECRET,
      TILIA_WEBHOOK_SECRET: e.TILIA_WEBHOOK_SECRET,
    },
  };
  const problems = Object.entries(sets).flatMap(([provider, keys]) => {
    const names = Object.keys(keys);
    const missing = Object.entries(keys)
      .filter(([, value]) => !value)
      .map(([name]) => name);
    if (missing.length === 0 || missing.length === names.length) return [];
    return missing.map(
      (name) =>
        `  ${name}: required with ${names.filter((other) => !missing.includes(other)).join(', ')} (${provider} needs ${names.join(', ')})`,
    );
  });
  if (problems.length > 0) throw new Error(`Invalid configuration:\n${problems.join('\n')}`);
  return {
    stripe:
      e.STRIPE_SECRET_KEY && e.STRIPE_WEBHOOK_SECRET
        ? { secretKey: e.STRIPE_SECRET_KEY, webhookSecret: e.STRIPE_WEBHOOK_SECRET, apiBase: e.STRIPE_API_BASE }
        : undefined,
    coinbaseCommerce:
      e.COINBASE_COMMERCE_API_KEY && e.COINBASE_COMMERCE_WEBHOOK_SECRET
        ? {
            apiKey: e.COINBASE_COMMERCE_API_KEY,
            webhookSecret: e.COINBASE_COMMERCE_WEBHOOK_SECRET,
            apiBase: e.COINBASE_COMMERCE_API_BASE,
          }
        : undefined,
    tilia:
      e.TILIA_CLIENT_ID && e.TILIA_CLIENT_SECRET && e.TILIA_WEBHOOK_SECRET
        ? {
            clientId: e.TILIA_CLIENT_ID,
            clientSecret: e.TILIA_CLIENT_SECRET,
            webhookSecret: e.TILIA_WEBHOOK_SECRET,
            authBase: e.TILIA_AUTH_BASE,
            apiBase: e.TILIA_API_BASE,
          }
        : undefined,
  };
}

/**
 * The EVM chain adapter's settings: all three or none, since a node without a key (or a key without a contract) can
 * mint nothing and would leave every intent pending for ever. Token URIs are written on chain for good, so PUBLIC_URL
 * must be set too: a default of localhost would be minted into every token. The key is handed on as a function, so
 * the configuration object can be logged or inspected without it (a closure prints as `[Function]`).
 */
function chainConfig(e: z.output<typeof ZEnvironment>) {
  const keys = {
    CHAIN_RPC_URL: e.CHAIN_RPC_URL,
    CHAIN_CONTRACT_ADDRESS: e.CHAIN_CONTRACT_ADDRESS,
    CHAIN_SIGNER_KEY: e.CHAIN_SIGNER_KEY,
  };
  const names = Object.keys(keys);
  const missing = names.filter((name) => !keys[name as keyof typeof keys]);
  if (missing.length === names.length) {
    if (e.CHAIN_ID !== undefined)
      throw new Error(
        'Invalid configuration:\n  CHAIN_ID: set without the EVM adapter (CHAIN_RPC_URL, CHAIN_CONTRACT_ADDRESS, CHAIN_SIGNER_KEY)',
      );
    return undefined;
  }
  const problems = missing.map(
    (name) =>
      `  ${name}: required with ${names.filter((other) => !missing.includes(other)).join(', ')} (the EVM adapter needs ${names.join(', ')})`,
  );
  if (!e.PUBLIC_URL) problems.push('  PUBLIC_URL: required with the EVM adapter (token URIs on chain point at it)');
  if (problems.length > 0) throw new Error(`Invalid configuration:\n${problems.join('\n')}`);
  const signerKey = (
    e.CHAIN_SIGNER_KEY!.startsWith('0x') ? e.CHAIN_SIGNER_KEY! : `0x${e.CHAIN_SIGNER_KEY!}`
  ) as `0x${string}`;
  return {
    /** May hold a provider's API key in its path: errors name it CHAIN_RPC_URL, never the address itself. */
    rpcUrl: e.CHAIN_RPC_URL!,
    contractAddress: e.CHAIN_CONTRACT_ADDRESS! as `0x${string}`,
    signerKey: () => signerKey,
    /** When set, the node's eth_chainId must agree before anything is signed (a key pointed at the wrong network). */
    chainId: e.CHAIN_ID,
  };
}

export type TChainConfig = NonNullable<TConfig['chain']>;

/**
 * The bucket behind the storage port: S3_BUCKET with both of its keys, or none of them. Keys are required rather than
 * left to the SDK's own search (environment, profile files, the instance metadata address), so what the API uses is
 * what this file read. Every other S3_* setting needs the bucket: without it it would be silently ignored while
 * images went to the local folder. The secret is handed on as a function, as the chain key is, so the configuration
 * can be printed without it.
 */
function bucketConfig(e: z.output<typeof ZEnvironment>) {
  const keys = {
    S3_BUCKET: e.S3_BUCKET,
    S3_ACCESS_KEY_ID: e.S3_ACCESS_KEY_ID,
    S3_SECRET_ACCESS_KEY: e.S3_SECRET_ACCESS_KEY,
  };
  const names = Object.keys(keys);
  const missing = names.filter((name) => !keys[name as keyof typeof keys]);
  const options = {
    S3_ENDPOINT: e.S3_ENDPOINT,
    S3_REGION: e.S3_REGION,
    S3_FORCE_PATH_STYLE: e.S3_FORCE_PATH_STYLE,
    S3_PUBLIC_URL: e.S3_PUBLIC_URL,
  };
  if (missing.length === names.length) {
    const stray = Object.entries(options).filter(([, value]) => value !== undefined);
    if (stray.length === 0) return undefined;
    throw new Error(
      `Invalid configuration:\n${stray.map(([name]) => `  ${name}: set without a bucket (S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY)`).join('\n')}`,
    );
  }
  if (missing.length > 0) {
    const problems = missing.map(
      (name) =>
        `  ${name}: required with ${names.filter((other) => !missing.includes(other)).join(', ')} (a bucket needs ${names.join(', ')})`,
    );
    throw new Error(`Invalid configuration:\n${problems.join('\n')}`);
  }
  const secretAccessKey = e.S3_SECRET_ACCESS_KEY!;
  return {
    name: e.S3_BUCKET!,
    /** Unset: Amazon S3 itself. Errors name it S3_ENDPOINT. */
    endpoint: e.S3_ENDPOINT,
    /** Amazon S3 needs the bucket's region; most S3-compatible servers take any. */
    region: e.S3_REGION ?? 'us-east-1',
    accessKeyId: e.S3_ACCESS_KEY_ID!,
    secretAccessKey: () => secretAccessKey,
    /** `<endpoint>/<bucket>/<key>` rather than `<bucket>.<endpoint>/<key>`: what most servers other than AWS expect. */
    forcePathStyle: e.S3_FORCE_PATH_STYLE ? e.S3_FORCE_PATH_STYLE === 'true' : e.S3_ENDPOINT !== undefined,
    /**
     * Where browsers read the bucket's objects themselves (a public bucket or a CDN in front of it): `/uploads/<name>`
     * then answers a redirect there instead of the bytes. Unset: the API reads the bucket and serves them.
     */
    publicUrl: e.S3_PUBLIC_URL?.replace(/\/+$/, ''),
  };
}

export type TBucketConfig = NonNullable<TConfig['bucket']>;

const realProviderEndpoints = {
  google: {
    authorizeUrl: 'https://accounts.google.com/o/oauth2/v2/auth',
    tokenUrl: 'https://oauth2.googleapis.com/token',
    userinfoUrl: 'https://openidconnect.googleapis.com/v1/userinfo',
  },
  discord: {
    authorizeUrl: 'https://discord.com/oauth2/authorize',
    tokenUrl: 'https://discord.com/api/oauth2/token',
    userinfoUrl: 'https://discord.com/api/users/@me',
  },
} as const;

/**
 * Google and Discord sign-in settings. With a client id: the real provider (its URLs unless overridden). Without one,
 * outside production: the local stand-in on this server (/dev/oauth/...), reached by the same code path; the browser
 * goes to it through PUBLIC_URL, the server calls it on loopback. Without one in production: switched off.
 */
function oauthConfig(e: z.output<typeof ZEnvironment>, publicUrl: string) {
  const loopbackHost = e.HOST === '0.0.0.0' || e.HOST === '::' ? '127.0.0.1' : e.HOST;
  const loopbackUrl = `http://${loopbackHost.includes(':') ? `[${loopbackHost}]` : loopbackHost}:${e.PORT}`;
  const settings = (provider: 'google' | 'discord', env: Record<string, string | undefined>) => {
    const clientId = env.CLIENT_ID;
    const mode = clientId ? 'provider' : e.NODE_ENV === 'production' ? 'off' : 'stand-in';
    const standIn = {
      authorizeUrl: `${publicUrl}/dev/oauth/${provider}/authorize`,
      tokenUrl: `${loopbackUrl}/dev/oauth/${provider}/token`,
      userinfoUrl: `${loopbackUrl}/dev/oauth/${provider}/userinfo`,
    };
    const defaults = mode === 'provider' ? realProviderEndpoints[provider] : standIn;
    return {
      mode: mode as 'provider' | 'stand-in' | 'off',
      clientId: clientId ?? `local-${provider}-client`,
      /** The stand-in's secret is not a secret: it only guards a development page on this server. */
      clientSecret: clientId ? (env.CLIENT_SECRET ?? null) : `local-${provider}-secret`,
      authorizeUrl: env.AUTHORIZE_URL ?? defaults.authorizeUrl,
      tokenUrl: env.TOKEN_URL ?? defaults.tokenUrl,
      userinfoUrl: env.USERINFO_URL ?? defaults.userinfoUrl,
      /** The web app's callback page, which posts code and state back to the API. */
      redirectUri: `${publicUrl}/oauth/${provider}/callback`,
    };
  };
  return {
    google: settings('google', {
      CLIENT_ID: e.GOOGLE_CLIENT_ID,
      CLIENT_SECRET: e.GOOGLE_CLIENT_SECRET,
      AUTHORIZE_URL: e.GOOGLE_AUTHORIZE_URL,
      TOKEN_URL: e.GOOGLE_TOKEN_URL,
      USERINFO_URL: e.GOOGLE_USERINFO_URL,
    }),
    discord: settings('discord', {
      CLIENT_ID: e.DISCORD_CLIENT_ID,
      CLIENT_SECRET: e.DISCORD_CLIENT_SECRET,
      AUTHORIZE_URL: e.DISCORD_AUTHORIZE_URL,
      TOKEN_URL: e.DISCORD_TOKEN_URL,
      USERINFO_URL: e.DISCORD_USERINFO_URL,
    }),
  };
}

export type TOAuthProviderConfig = TConfig['oauth']['google'];

/** The seed key of testConfig, so fixtures that write a drop row straight to the table encrypt as the app does. */
export const TEST_PROVENANCE_SEED_KEY = '7e57'.repeat(16);

/** A configuration for tests: quiet, no jobs unless a test starts them, nothing read from the real environment. */
export function testConfig(overrides: TEnvironment = {}): TConfig {
  return loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    JOBS_ENABLED: 'false',
    // Tests read counts right after writing them; the caches' own tests turn them back on.
    DROP_CACHE_MS: '0',
    PUBLIC_RESPONSE_CACHE_MS: '0',
    AUTH_SECRET: 'test-secret-that-is-long-enough-for-hs256-signing',
    PROVENANCE_SEED_KEY: TEST_PROVENANCE_SEED_KEY,
    ...overrides,
  });
}

/** Where the database suites run: a PostgreSQL server when TEST_DATABASE_URL is set, PGlite in memory otherwise. */
export function testDatabaseUrl(): string | undefined {
  const url = process.env.TEST_DATABASE_URL?.trim();
  return url ? url : undefined;
}

/** Tests only: the Redis that the rate-limit suite also runs against, when set (CI sets it). */
export function testRedisUrl(): string | undefined {
  const url = process.env.TEST_REDIS_URL?.trim();
  return url ? url : undefined;
}
