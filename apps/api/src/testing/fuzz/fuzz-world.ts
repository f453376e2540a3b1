import { accessTokens } from '../../modules/auth/access-tokens.ts';
import { startSession } from '../../modules/auth/sessions.ts';
import { activeUser, bearer } from '../auth-helpers.ts';
import { insertBanner, insertCategory, insertCollection, insertLicense, insertTag } from '../catalog-fixtures.ts';
import { insertLiveDrop } from '../drop-fixtures.ts';
import { verifyIdentityForTest } from '../identity-helpers.ts';
import { signUpOperator } from '../operator-helpers.ts';
import type { TestApp } from '../test-app.ts';
import { depositForTest, usWireDetails } from '../wallet-helpers.ts';

/** A signed-in person the fuzzer acts as; the token is replaced before each operation (a fuzzed logout ends it). */
interface FuzzPerson {
  userId: string;
  email: string;
  accessToken: string;
  refreshToken: string;
}

/**
 * Everything a fuzz run needs besides the app: the owner (A) whose data nobody else may see, the attacker (B) who
 * tries A's ids, an admin for the console's routes, ids by the word their paths use (`orders`, `brands`...), and
 * A's secrets: the strings that must never reach anyone but A.
 */
export interface FuzzWorld {
  t: TestApp;
  owner: FuzzPerson;
  attacker: FuzzPerson;
  admin: FuzzPerson;
  /** Ids by resource word: A's and B's private ones, and public catalogue ones. */
  idsByResource: Map<string, string[]>;
  /** A's private ids (orders, deposits, withdrawals, notifications, packs, payment details...): nobody else's answer. */
  ownerPrivateIds: Set<string>;
  /** A's other secrets: email, bank account number, wallet address. */
  ownerSecrets: string[];
  /** A new session for the attacker and the admin, made without password hashing. */
  renewSessions(): Promise<void>;
}

/** A's payout details, distinct enough that finding them in someone else's answer cannot be chance. */
const OWNER_ACCOUNT_NUMBER = '000731946285';
const OWNER_WALLET_ADDRESS = '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359';

/** The list routes a person's private ids are read from, by the word their item paths use. */
const PRIVATE_LISTS: Record<string, string> = {
  orders: '/v1/orders',
  deposits: '/v1/deposits',
  withdrawals: '/v1/withdrawals',
  notifications: '/v1/notifications',
  'bank-accounts': '/v1/bank-accounts',
  'wallet-addresses': '/v1/wallet-addresses',
  cards: '/v1/cards',
  'payment-methods': '/v1/tilia/payment-methods',
  packs: '/v1/packs',
};

/** The ids of a list answer's own items: `data[]`, `data.items[]` or `data.groups[].packs[]`, never nested ids. */
function itemIds(body: unknown): string[] {
  const data = (body as { data?: unknown })?.data;
  const items: unknown[] = Array.isArray(data)
    ? data
    : Array.isArray((data as { items?: unknown })?.items)
      ? (data as { items: unknown[] }).items
      : Array.isArray((data as { groups?: unknown })?.groups)
        ? (data as { groups: { packs: unknown[] }[] }).groups.flatMap((group) => group.packs)
        : [];
  return items.map((item) => (item as { id?: unknown }).id).filter((id): id is string => typeof id === 'string');
}

async function call(t: TestApp, method: 'GET' | 'POST', url: string, token: string, payload?: object) {
  const response = await t.app.inject({
    method,
    url,
    headers: { ...bearer(token), ...(method === 'POST' ? { 'idempotency-key': crypto.randomUUID() } : {}) },
    ...(payload ? { payload } : {}),
  });
  if (response.statusCode >= 300)
    throw new Error(`fuzz world: ${method} ${url} answered ${response.statusCode} ${response.body}`);
  return response.json() as { data: Record<string, unknown> };
}

async function signedUp(t: TestApp): Promise<FuzzPerson> {
  const user = await activeUser(t);
  const me = await call(t, 'GET', '/v1/users/my', user.accessToken);
  return {
    userId: String(me.data.id),
    email: user.email,
    accessToken: user.accessToken,
    refreshToken: user.refreshToken,
  };
}

/**
 * A person with money and one of everything private: a confirmed and a pending deposit, a bank account, a wallet
 * address, a card, a Tilia method, a withdrawal under way, an order of a live drop with its pack, the notifications
 * those make. All through the API, as a person would.
 */
async function withPrivateData(
  t: TestApp,
  person: FuzzPerson,
  dropId: string,
  details: { accountNumber: string; walletAddress: string },
) {
  const token = person.accessToken;
  await verifyIdentityForTest(t, token);
  await depositForTest(t.database.db, { userId: person.userId, source: 'crypto', amount: 1_000_000 });
  await call(t, 'POST', '/v1/deposits', token, { method: 'crypto', amount: { amount: 5_000, currency: 'USD' } });
  await call(t, 'POST', '/v1/bank-accounts', token, {
    wire: { ...usWireDetails, accountNumber: details.accountNumber },
    isConfirmed: true,
  });
  await call(t, 'POST', '/v1/wallet-addresses', token, { address: details.walletAddress });
  await call(t, 'POST', '/v1/cards', token, {
    nameOnCard: 'Ada Lovelace',
    cardNumber: '4242424242424242',
    expMonth: 12,
    expYear: 2039,
  });
  await call(t, 'POST', '/v1/tilia/payment-methods', token, { type: 'tilia_wallet', label: 'My Tilia wallet' });
  await call(t, 'POST', '/v1/withdrawals', token, {
    method: 'wire',
    amount: { amount: 10_000, currency: 'USD' },
    wire: { ...usWireDetails, accountNumber: details.accountNumber },
    isConfirmed: true,
  });
  await call(t, 'POST', '/v2/orders', token, { dropId, quantity: 1, paymentMethod: 'BALANCE' });
  const ids = new Map<string, string[]>();
  for (const [resource, url] of Object.entries(PRIVATE_LISTS))
    ids.set(resource, itemIds(await call(t, 'GET', url, token)));
  const verification = (await call(t, 'GET', '/v1/identity-verifications/my', token)).data.verification as {
    id: string;
  };
  ids.set('identity-verifications', [verification.id]);
  return ids;
}

export async function buildFuzzWorld(t: TestApp): Promise<FuzzWorld> {
  const db = t.database.db;
  const live = await insertLiveDrop(db, { rounds: [{ packCount: 40, price: 100 }], now: t.clock.now() });
  const license = await insertLicense(db, live.brand.id);
  const collection = await insertCollection(db, live.brand.id, { licenseId: license.id });
  const category = await insertCategory(db);
  const tag = await insertTag(db);
  const banner = await insertBanner(db);

  const owner = await signedUp(t);
  const attacker = await signedUp(t);
  const operator = await signUpOperator(t, 'admin');
  const admin: FuzzPerson = {
    userId: operator.userId,
    email: operator.email,
    accessToken: operator.accessToken,
    refreshToken: operator.refreshToken,
  };
  const ownerIds = await withPrivateData(t, owner, live.dropId, {
    accountNumber: OWNER_ACCOUNT_NUMBER,
    walletAddress: OWNER_WALLET_ADDRESS,
  });
  const attackerIds = await withPrivateData(t, attacker, live.dropId, {
    accountNumber: '000123456789',
    walletAddress: '0x52908400098527886E0F7030069857D2E4169EE7',
  });

  const idsByResource = new Map<string, string[]>([
    ['users', [owner.userId, attacker.userId, admin.userId]],
    ['brands', [live.brand.id]],
    ['licenses', [license.id]],
    ['collections', [collection.id]],
    ['categories', [category.id]],
    ['tags', [tag.id, tag.slug]],
    ['banners', [banner.id]],
    ['products', [live.products.common.id, live.products.legendary.id]],
    ['drops', [live.dropId]],
    // The admin's own grant is left out: revoking it would end the console's coverage for the rest of the run.
  ]);
  for (const [resource, ids] of ownerIds) idsByResource.set(resource, [...ids, ...(attackerIds.get(resource) ?? [])]);
  // A deposit's `paymentMethodId` is a saved card or a Tilia method: both kinds are tried there.
  idsByResource.set('payment-methods', [...idsByResource.get('payment-methods')!, ...idsByResource.get('cards')!]);

  const tokens = accessTokens({ ...t.deps.config.auth, secret: t.deps.config.auth.secret! }, t.clock);
  const sessionDeps = { clock: t.clock, tokens, config: t.deps.config };
  return {
    t,
    owner,
    attacker,
    admin,
    idsByResource,
    ownerPrivateIds: new Set([...ownerIds.values()].flat()),
    ownerSecrets: [owner.email, OWNER_ACCOUNT_NUMBER, OWNER_WALLET_ADDRESS],
    async renewSessions() {
      for (const person of [attacker, admin]) {
        const pair = await startSession(db, sessionDeps, person.userId, { ip: '127.0.0.1', userAgent: 'fuzz' });
        person.accessToken = pair.accessToken;
        person.refreshToken = pair.refreshToken;
      }
    },
  };
}
