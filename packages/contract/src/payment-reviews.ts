import { z } from 'zod';
import { depositStatuses, ZDepositMethod } from './deposits.ts';
import { ZMoney, ZPageQuery } from './envelope.ts';
import { ZConsolePerson } from './withdrawals.ts';

/**
 * Why a provider reported money received that no deposit could take, so nothing was credited: a payment for no
 * deposit we know, for a deposit already failed, of another amount, or for a deposit whose owner's account was
 * deleted meanwhile. The payment is held for a person to review (and refund at the provider), never dropped.
 */
export const paymentReviewReasons = [
  'unknown_reference',
  'deposit_failed',
  'amount_mismatch',
  'account_deleted',
] as const;
export type TPaymentReviewReason = (typeof paymentReviewReasons)[number];

/** The console's words for each reason. */
export const paymentReviewReasonLabels: Record<TPaymentReviewReason, string> = {
  unknown_reference: 'No deposit matches',
  deposit_failed: 'Paid after its deposit failed',
  amount_mismatch: 'Paid a different amount',
  account_deleted: 'Account deleted',
};

export const paymentReviewStates = ['open', 'resolved'] as const;
export type TPaymentReviewState = (typeof paymentReviewStates)[number];

/** What an operator did about a held payment (a refund at the provider's dashboard, say), by whom and when. */
export const ZPaymentReviewResolution = z.object({
  note: z.string(),
  /** Null once the operator's account is gone. */
  by: ZConsolePerson.nullable(),
  at: z.iso.datetime(),
});
export type TPaymentReviewResolution = z.infer<typeof ZPaymentReviewResolution>;

/** One payment held for review, as `GET /v1/console/payment-reviews` lists it. */
export const ZPaymentReview = z.object({
  provider: ZDepositMethod,
  eventId: z.string(),
  reason: z.enum(paymentReviewReasons),
  /** What the provider says it received; null for events held before the amount was recorded. */
  received: ZMoney.nullable(),
  /** The deposit the payment names, when one matched. */
  deposit: z.object({ id: z.string(), amount: ZMoney, status: z.enum(depositStatuses) }).nullable(),
  /** Whose deposit it was, when one matched. */
  user: ZConsolePerson.nullable(),
  receivedAt: z.iso.datetime(),
  /** Null while open. */
  resolution: ZPaymentReviewResolution.nullable(),
});
export type TPaymentReview = z.infer<typeof ZPaymentReview>;

/** Open ones first, newest first within each; or only the open or only the resolved ones. */
export const ZPaymentReviewsQuery = ZPageQuery.extend({ state: z.enum(paymentReviewStates).optional() });
export type TPaymentReviewsQuery = z.infer<typeof ZPaymentReviewsQuery>;

export const PAYMENT_REVIEW_NOTE_MAX_LENGTH = 500;

/** What the operator did, in their words (the refund itself is made in the provider's dashboard). */
export const ZResolvePaymentReviewRequest = z.strictObject({
  note: z.string().trim().min(1).max(PAYMENT_REVIEW_NOTE_MAX_LENGTH),
});
export type TResolvePaymentReviewRequest = z.infer<typeof ZResolvePaymentReviewRequest>;

/** The path's provider and the provider's event id (text of up to 200 characters, as the webhook stored it). */
export const ZPaymentReviewParams = z.object({
  provider: ZDepositMethod,
  eventId: z.string().min(1).max(200),
});
