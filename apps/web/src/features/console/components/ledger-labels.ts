import type { TCurrency, TLedgerAccountKind, TLedgerTransactionKind, TMoney } from '@cypher/contract';
import type { BadgeTone } from '../../../ui/badge.tsx';

/** What occasioned a movement, as the console's journal says it. */
export const ledgerTransactionKindNames: Record<TLedgerTransactionKind, string> = {
  deposit: 'Deposit',
  purchase: 'Purchase',
  settlement: 'Settlement',
  reward: 'Credit',
  withdrawal_request: 'Withdrawal requested',
  withdrawal_reject: 'Withdrawal rejected',
  withdrawal_paid: 'Withdrawal paid',
  withdrawal_failed: 'Withdrawal failed',
};

/** Money in is green, what the house earns is the accent, money going out of the house's hands warns. */
export const ledgerTransactionKindTones: Record<TLedgerTransactionKind, BadgeTone> = {
  deposit: 'success',
  purchase: 'accent',
  settlement: 'neutral',
  reward: 'neutral',
  withdrawal_request: 'neutral',
  withdrawal_reject: 'neutral',
  withdrawal_paid: 'warning',
  withdrawal_failed: 'warning',
};

/** A person's parts as their wallet names them, and the house's accounts. */
export const ledgerAccountKindNames: Record<TLedgerAccountKind, string> = {
  withdrawable: 'Withdrawable',
  unsettled: 'Unsettled',
  non_withdrawable: 'Not withdrawable',
  held: 'Held in review',
  provider_clearing_card: 'Card clearing',
  provider_clearing_crypto: 'Crypto clearing',
  provider_clearing_tilia: 'Tilia clearing',
  promotions: 'Promotions',
  fees: 'Fees',
  revenue: 'Revenue',
  withdrawals_payout: 'Payouts',
};

/** What a house account's balance stands for, under its name on the ledger page. */
export const houseAccountMeanings: Partial<Record<TLedgerAccountKind, string>> = {
  provider_clearing_card: 'Card deposits credited to people, owed by the card provider (below zero while owed).',
  provider_clearing_crypto: 'Crypto deposits credited to people, owed by the crypto provider.',
  provider_clearing_tilia: 'Tilia deposits credited to people, owed by Tilia.',
  promotions: 'Rewards, airdrops and redeemed credit given out (below zero by what was given).',
  fees: 'Service fees on purchases and deposits, and withdrawal fees.',
  revenue: 'Prices paid for packs, passes and tickets.',
  withdrawals_payout: 'Withdrawals paid out to banks and wallets.',
};

/** The ledger screen's currencies, in the order its columns and filters show them. */
export const ledgerCurrencies: readonly TCurrency[] = ['USD', 'CYP'];

/** How the ledger screen writes an amount (CYP at the server's decimals: sections/ledger-section.tsx). */
export type TMoneyFormat = (money: TMoney) => string;
