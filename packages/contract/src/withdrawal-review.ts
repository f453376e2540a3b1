import { z } from 'zod';
import { ZMoney } from './envelope.ts';
import { ZBalanceParts } from './wallet.ts';
import { ZConsolePerson, ZWithdrawal } from './withdrawals.ts';

/** How many of the person's other requests the review shows, newest first; the count says how many there are. */
export const reviewOtherRequestsShown = 5;

/** A count of movements with what they came to. */
const ZMoneyTally = z.object({ count: z.number().int(), total: ZMoney });

/**
 * `GET /v1/console/withdrawals/:id/context` (admins): what a compliance review weighs beside the request itself. Read
 * when asked, so the balance is the person's balance now (it holds this request's amount and fee until it is settled).
 */
export const ZWithdrawalReviewContext = z.object({
  person: z.object({
    joinedAt: z.iso.datetime(),
    /** When the identity provider last confirmed them; null when it never has. */
    identityVerifiedAt: z.iso.datetime().nullable(),
  }),
  balance: ZBalanceParts,
  /**
   * Dollars they paid in and the provider confirmed (card, Tilia, crypto), from the ledger: funds added, and checkouts
   * that paid for a pack at once (added, then spent).
   */
  added: ZMoneyTally,
  /** Their withdrawals marked paid (amounts received, fees aside), this one included once paid. */
  paidOut: ZMoneyTally,
  /** Their other requests, newest first, at most `reviewOtherRequestsShown`. */
  otherRequests: z.array(ZWithdrawal),
  otherRequestCount: z.number().int(),
  /** The same bank account or address elsewhere: a first payout somewhere new, or one shared with other people. */
  destination: z.object({
    /** Their earlier withdrawals to it that were paid. */
    paidBefore: z.number().int(),
    /** Other people who asked for a payout to it, at most five. */
    sharedWith: z.array(ZConsolePerson),
  }),
});
export type TWithdrawalReviewContext = z.infer<typeof ZWithdrawalReviewContext>;
