/** Every table of every module, in one index: drizzle-kit reads it to write migrations, drizzle to type queries. */
export * from '../modules/auth/auth.tables.ts';
export * from '../modules/auth/oauth/oauth.tables.ts';
export * from '../modules/catalog/catalog.tables.ts';
export * from '../modules/catalog/terms/terms.tables.ts';
export * from '../modules/identity/identity.tables.ts';
export * from '../modules/console/console.tables.ts';
export * from '../modules/dev-mailbox/dev-mailbox.tables.ts';
export * from '../modules/users/discord/discord.tables.ts';
export * from '../modules/users/newsletter/newsletter.tables.ts';
export * from '../modules/users/users.tables.ts';
export * from './seed/seed.tables.ts';
export * from '../modules/wallet/wallet.tables.ts';
export * from '../http/idempotency/idempotency.tables.ts';
export * from '../modules/wallet/withdrawals/withdrawals.tables.ts';
export * from '../modules/wallet/deposits/deposits.tables.ts';
export * from '../modules/wallet/cards/cards.tables.ts';
export * from '../modules/wallet/payout-destinations/payout-destinations.tables.ts';
