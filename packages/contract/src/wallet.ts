import { z } from 'zod';
import { ZCurrency, ZCursorQuery, ZMoney, ZUuid } from './envelope.ts';
import { ZConsolePerson } from './withdrawals.ts';

/**
 * A person's money, per currency, in four ledger accounts (see withdrawability in the API):
 * - `withdrawable`: may be withdrawn (settled card and Tilia funds, crypto deposits, returned withdrawals);
 * - `unsettled`: card and Tilia funds inside the settlement delay; spendable, not yet withdrawable;
 * - `non_withdrawable`: rewards and redeemed credit; spendable, never withdrawable;
 * - `held`: withdrawals in review (amount and fee), neither spendable nor withdrawable.
 */
export const userLedgerAccountKinds = ['withdrawable', 'unsettled', 'non_withdrawable', 'held'] as const;
export type TUserLedgerAccountKind = (typeof userLedgerAccountKinds)[number];

/** The house's side of every movement. Clearing and promotion accounts may go negative; the others never. */
export const systemLedgerAccountKinds = [
  'provider_clearing_card',
  'provider_clearing_crypto',
  'provider_clearing_tilia',
  'promotions',
  'fees',
  'revenue',
  'withdrawals_payout',
] as const;
export type TSystemLedgerAccountKind = (typeof systemLedgerAccountKinds)[number];

export const ledgerAccountKinds = [...userLedgerAccountKinds, ...systemLedgerAccountKinds] as const;
export type TLedgerAccountKind = (typeof ledgerAccountKinds)[number];

export const ledgerTransactionKinds = [
  'deposit',
  'purchase',
  'settlement',
  'reward',
  'withdrawal_request',
  'withdrawal_reject',
  'withdrawal_paid',
  'withdrawal_failed',
] as const;
export type TLedgerTransactionKind = (typeof ledgerTransactionKinds)[number];

/** How money came in; decides which account it lands in (the withdrawability rule). */
export const fundingSources = ['card', 'crypto', 'tilia', 'reward', 'redeemed_credit'] as const;
export type TFundingSource = (typeof fundingSources)[number];

export const ZBalanceParts = z.object({
  /** May be withdrawn now. */
  withdrawable: ZMoney,
  /** Spendable but not withdrawable: rewards, credit, and card/Tilia funds inside the settlement delay. */
  nonWithdrawable: ZMoney,
  /** In withdrawals under review (amount and fee). */
  held: ZMoney,
  /** withdrawable + nonWithdrawable + held. */
  total: ZMoney,
});
export type TBalanceParts = z.infer<typeof ZBalanceParts>;

export const ZMyBalances = z.object({
  usd: ZBalanceParts,
  cyp: ZBalanceParts,
  /** The CYP unit as configured, for formatting and conversion in the web. */
  cypUnit: z.object({ minorUnits: z.number().int(), cypPerUsd: z.number().positive() }),
  /**
   * USD added by card or Tilia still inside the settlement delay (part of `usd.nonWithdrawable`): `withdrawableFrom`
   * is the moment all of it has passed the delay, and `soonest` the first part that becomes withdrawable (all of it
   * when it settles at once), by the settlement job's rule; from such a moment the money moves at the job's next run
   * (every 10 minutes), unless spent first. A moment already past means that run is due. Null when nothing is
   * settling.
   */
  settling: z
    .object({
      amount: ZMoney,
      withdrawableFrom: z.iso.datetime(),
      soonest: z.object({ amount: ZMoney, withdrawableFrom: z.iso.datetime() }),
    })
    .nullable(),
});
export type TMyBalances = z.infer<typeof ZMyBalances>;

/** Spec section 3, purchase receipt. Null fields where a movement is not a payment. */
export const ZReceipt = z.object({
  paymentId: z.string(),
  merchant: z.string(),
  paidAt: z.iso.datetime(),
  paymentMethod: z.string().nullable(),
  subtotal: ZMoney.nullable(),
  serviceFee: ZMoney.nullable(),
  totalPaid: ZMoney.nullable(),
  /**
   * The CYP credit a purchase spent (it is spent first), and the part of the total in USD it covered; the rest came
   * from dollars. Null when no credit paid (and for deposits).
   */
  paidWithCredit: z.object({ credit: ZMoney, covers: ZMoney }).nullable(),
});
export type TReceipt = z.infer<typeof ZReceipt>;

/** One movement as its owner sees it: one ledger transaction, in one currency. */
export const ZBalanceHistoryItem = z.object({
  transactionId: z.string(),
  kind: z.enum(ledgerTransactionKinds),
  description: z.string(),
  /** Change of the owner's total balance (negative for a purchase; zero when money only moved between parts). */
  amount: ZMoney,
  /** Change of each part. */
  withdrawable: ZMoney,
  nonWithdrawable: ZMoney,
  held: ZMoney,
  createdAt: z.iso.datetime(),
  receipt: ZReceipt.nullable(),
});
export type TBalanceHistoryItem = z.infer<typeof ZBalanceHistoryItem>;

/** One house account as the console shows it: the sum of its buckets (the API spreads each over several rows). */
export const ZHouseAccount = z.object({
  kind: z.enum(systemLedgerAccountKinds),
  balance: ZMoney,
  buckets: z.number().int(),
});
export type THouseAccount = z.infer<typeof ZHouseAccount>;

/**
 * The ledger's audit, run on demand (`GET /v1/console/ledger`): every list is empty and `isExact` true when the
 * ledger holds. Lists name at most 20 offenders each.
 */
export const ZLedgerCheck = z.object({
  isExact: z.boolean(),
  checkedAt: z.iso.datetime(),
  /** Per currency the sum of every balance: zero when no money was created or lost. */
  currencyTotals: z.array(ZMoney),
  /** Movements whose entries do not sum to zero in a currency. */
  unbalancedTransactions: z.array(z.object({ transactionId: z.string(), sum: ZMoney })),
  /** Balance rows that differ from the sum of their entries. */
  accountsOffEntries: z.array(z.object({ accountId: z.string(), balance: ZMoney, entries: ZMoney })),
  /** A person's accounts below zero. */
  negativeAccounts: z.array(z.object({ accountId: z.string(), kind: z.enum(ledgerAccountKinds), balance: ZMoney })),
  /** House accounts that must never total below zero (fees, revenue, payouts) and do. */
  houseAccountsBelowZero: z.array(ZHouseAccount),
  houseAccounts: z.array(ZHouseAccount),
});
export type TLedgerCheck = z.infer<typeof ZLedgerCheck>;

/**
 * `GET /v1/console/ledger/transactions` (admins): the journal, newest first, narrowed to one kind of movement, to those
 * that move a currency, or to those that touch one person's accounts (by id, or by address in any case). Paged by
 * cursor, not by page number (ARCHITECTURE 2b: a feed that grows while read): with every purchase in it, a page number
 * meant counting and skipping every movement before it, and a total meant counting them all.
 */
export const ZConsoleLedgerTransactionsQuery = ZCursorQuery.extend({
  kind: z.enum(ledgerTransactionKinds).optional(),
  currency: ZCurrency.optional(),
  userId: ZUuid.optional(),
  email: z
    .string()
    .trim()
    .max(320)
    .transform((value) => (value === '' ? undefined : value))
    .optional(),
});
export type TConsoleLedgerTransactionsQuery = z.infer<typeof ZConsoleLedgerTransactionsQuery>;

/** One line of a movement: what one account gained (positive) or gave (negative). */
export const ZConsoleLedgerEntry = z.object({
  account: z.enum(ledgerAccountKinds),
  /** Whose account: a person's, or null for the house's (its buckets summed: which bucket took it means nothing). */
  person: ZConsolePerson.nullable(),
  amount: ZMoney,
});
export type TConsoleLedgerEntry = z.infer<typeof ZConsoleLedgerEntry>;

/** One ledger transaction with all its entries; per currency they sum to zero. */
export const ZConsoleLedgerTransaction = z.object({
  id: z.string(),
  kind: z.enum(ledgerTransactionKinds),
  /** The line the person's balance history shows ("Funds added", the pack's name, "Wire withdrawal requested"). */
  description: z.string(),
  /**
   * What moved the money, unique per kind: `order` (a purchase), `withdrawal`, `deposit_card`, `deposit_crypto`,
   * `deposit_tilia` (the provider's payment), `deposit_reward`, `deposit_redeemed_credit` (the grant's delivery),
   * `ledger_entry` (a settlement: the newest inflow it covers).
   */
  reference: z.object({ type: z.string(), id: z.string() }),
  createdAt: z.iso.datetime(),
  /** By currency (USD first), a person's lines before the house's, then in the order of ledgerAccountKinds. */
  entries: z.array(ZConsoleLedgerEntry),
});
export type TConsoleLedgerTransaction = z.infer<typeof ZConsoleLedgerTransaction>;

/**
 * A page of the journal, newest first. `nextCursor` asks for the movements just older than this page's last,
 * `previousCursor` for those just newer than its first; null when there are none (the oldest page, the newest page).
 * No total: the journal holds every purchase, and counting them on each visit is what this shape avoids.
 */
export const ZConsoleLedgerJournalPage = z.object({
  items: z.array(ZConsoleLedgerTransaction),
  nextCursor: z.string().nullable(),
  previousCursor: z.string().nullable(),
});
export type TConsoleLedgerJournalPage = z.infer<typeof ZConsoleLedgerJournalPage>;
