import type { QueryParams } from './query-string.ts';

/**
 * Every TanStack Query cache key comes from here, so a mutation can invalidate exactly what it changed: each
 * domain's keys start with the domain name, lists add their parameters, details add the id.
 */
function domainKeys<const TDomain extends string>(domain: TDomain) {
  return {
    all: [domain] as const,
    lists: () => [domain, 'list'] as const,
    list: (params: QueryParams = {}) => [domain, 'list', params] as const,
    detail: (id: string) => [domain, 'detail', id] as const,
  };
}

export const queryKeys = {
  auth: {
    emailVerification: (key: string) => ['auth', 'email-verification', key] as const,
    passwordResetKey: (key: string) => ['auth', 'password-reset-key', key] as const,
  },
  users: {
    ...domainKeys('users'),
    my: () => ['users', 'my'] as const,
    sessions: () => ['users', 'sessions'] as const,
  },
  countries: domainKeys('countries'),
  balances: { ...domainKeys('balances'), my: () => ['balances', 'my'] as const },
  deposits: {
    ...domainKeys('deposits'),
    cryptoCurrencies: () => ['deposits', 'crypto-currencies'] as const,
    limits: () => ['deposits', 'limits'] as const,
  },
  withdrawals: { ...domainKeys('withdrawals'), fees: () => ['withdrawals', 'fees'] as const },
  identityVerifications: { ...domainKeys('identityVerifications'), my: () => ['identityVerifications', 'my'] as const },
  cards: domainKeys('cards'),
  tiliaPaymentMethods: domainKeys('tiliaPaymentMethods'),
  bankAccounts: domainKeys('bankAccounts'),
  walletAddresses: domainKeys('walletAddresses'),
  brands: domainKeys('brands'),
  licenses: domainKeys('licenses'),
  collections: domainKeys('collections'),
  products: {
    ...domainKeys('products'),
    /** Lists read a page at a time with "Show more" (brand and license pages). */
    infiniteList: (params: QueryParams = {}) => ['products', 'list', 'infinite', params] as const,
    rarities: (params: QueryParams = {}) => ['products', 'rarities', params] as const,
    activities: (id: string) => ['products', 'activities', id] as const,
    /** Every product's activity: what an edition's move invalidates when its product is not at hand. */
    allActivities: () => ['products', 'activities'] as const,
  },
  categories: domainKeys('categories'),
  tags: domainKeys('tags'),
  banners: domainKeys('banners'),
  drops: {
    ...domainKeys('drops'),
    provenance: (id: string) => ['drops', 'provenance', id] as const,
    /** The claim log's head, sealed up to now (while the drop sells). */
    claimLogHead: (id: string) => ['drops', 'claim-log', id, 'head'] as const,
    /** Every entry of a revealed drop's claim log, all pages read. */
    claimLog: (id: string) => ['drops', 'claim-log', id, 'entries'] as const,
    /** A raffle round's public draw record (by round id). */
    raffleDraw: (roundId: string) => ['drops', 'raffle', roundId] as const,
    /** A round's waiting room and my place in it: under the drop's detail, so reading the drop again reads it too. */
    waitingRoom: (id: string, round: number) => ['drops', 'detail', id, 'waiting-room', round] as const,
  },
  packs: domainKeys('packs'),
  passes: {
    ...domainKeys('passes'),
    /** The passes I hold (`GET /v1/passes/my`): under `all`, so a pass order's invalidation reaches it. */
    my: () => ['passes', 'my'] as const,
  },
  tickets: {
    ...domainKeys('tickets'),
    /** My counts per kind, and my movements: a grant or a spend changes both (under `tickets`, as is the list). */
    my: (params: QueryParams = {}) => ['tickets', 'my', params] as const,
    history: (params: QueryParams = {}) => ['tickets', 'history', params] as const,
  },
  editions: { ...domainKeys('editions'), history: (id: string) => ['editions', 'history', id] as const },
  nfts: { ...domainKeys('nfts'), traits: (id: string) => ['nfts', 'traits', id] as const },
  favorites: {
    ...domainKeys('favorites'),
    /** My favorites (a page, or one target's answer: is it a favorite?). Under `lists()`, as is everyone's. */
    mine: (params: QueryParams = {}) => ['favorites', 'list', 'my', params] as const,
    /** A collector's public favorites, on their profile. */
    ofCollector: (userId: string, params: QueryParams = {}) => ['favorites', 'list', 'others', userId, params] as const,
  },
  orders: {
    ...domainKeys('orders'),
    fee: (params: QueryParams) => ['orders', 'fee', params] as const,
    collections: (id: string) => ['orders', 'collections', id] as const,
    /** Every page of my orders, kept to those of one drop (under `lists()`, so what invalidates lists covers it). */
    ofDrop: (dropId: string) => ['orders', 'list', 'drop', dropId] as const,
  },
  notifications: {
    ...domainKeys('notifications'),
    /** The header's unread count: a one-item read of the feed, polled gently. */
    unreadCount: () => ['notifications', 'unread-count'] as const,
  },
  terms: { ...domainKeys('terms'), byType: (type: string) => ['terms', 'type', type] as const },
  attendance: {
    ...domainKeys('attendance'),
    today: () => ['attendance', 'today'] as const,
    /** The current calendar: a visitor's and a signed-in collector's (with their state per day) are kept apart. */
    rewards: (viewer: 'me' | 'visitor') => ['attendance', 'rewards', viewer] as const,
  },
  /** The codes I redeemed (`list`). */
  redeems: domainKeys('redeems'),
  fusions: {
    ...domainKeys('fusions'),
    /** My editions that fit one slot: under the fusion's detail, so reading the fusion again reads them too. */
    materials: (id: string, slotId: string) => ['fusions', 'detail', id, 'materials', slotId] as const,
    /** One of my runs of a fusion: history, never read again because the fusion changed (not under its detail). */
    run: (id: string, runId: string) => ['fusions', 'run', id, runId] as const,
  },
  figureBases: domainKeys('figureBases'),
  /**
   * The operator console: everything under `console`, so a sign-out drops it in one go. Entries are keyed by the
   * console resource (`brands`, `products`, ...), apart from the public keys of the same domain: the console sees
   * drafts, the public never does.
   */
  console: {
    all: ['console'] as const,
    me: () => ['console', 'me'] as const,
    resource: (resource: string) => ['console', resource] as const,
    list: (resource: string, params: QueryParams = {}) => ['console', resource, 'list', params] as const,
    detail: (resource: string, id: string) => ['console', resource, 'detail', id] as const,
    /** A published round's raffle and waiting room: under the drop's detail, so reading the drop again reads them. */
    roundRaffle: (dropId: string, round: number) => ['console', 'drops', 'detail', dropId, 'raffle', round] as const,
    roundWaitingRoom: (dropId: string, round: number) =>
      ['console', 'drops', 'detail', dropId, 'waiting-room', round] as const,
    /** The attendance day's time zone and today's date there, stated on the console's calendar pages. */
    attendanceTimeZone: () => ['console', 'attendance-calendars', 'time-zone'] as const,
    /** A ticket kind's grants (with a page's parameters after it): under its detail, read again after each grant. */
    ticketKindGrants: (id: string) => ['console', 'ticket-kinds', 'detail', id, 'grants'] as const,
    /** An airdrop's recipients, a page at a time: under its detail, as a page of it. */
    airdropRecipients: (id: string, params: QueryParams = {}) =>
      ['console', 'airdrops', 'detail', id, 'recipients', params] as const,
    /** What a withdrawal's review weighs: under withdrawals, so every move made on one reads it again. */
    withdrawalReviewContext: (id: string) => ['console', 'withdrawals', 'review-context', id] as const,
  },
};
