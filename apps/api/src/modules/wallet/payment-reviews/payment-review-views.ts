import { and, asc, desc, eq, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import type { TPaymentReview, TPaymentReviewState } from '@cypher/contract';
import type { Db } from '../../../db/client.ts';
import { peopleByIds } from '../../users/people.ts';
import { deposits, paymentEvents } from '../deposits/deposits.tables.ts';

/*
 * Route: none (list-payment-reviews.ts and resolve-payment-review.ts read through it) · Writes: nothing · Reads:
 * payment_events (held ones), deposits, users (people.ts) · UI: features/console/sections/payment-reviews-section.tsx
 * · Tests: payment-reviews.test.ts
 */

/** Held events only (money received that credited nothing), narrowed to open or resolved ones, or to one event. */
export function heldEvents(filter: { state?: TPaymentReviewState; key?: { provider: string; eventId: string } }) {
  const conditions: SQL[] = [isNotNull(paymentEvents.reviewReason)];
  if (filter.state === 'open') conditions.push(isNull(paymentEvents.resolvedAt));
  if (filter.state === 'resolved') conditions.push(isNotNull(paymentEvents.resolvedAt));
  if (filter.key) {
    conditions.push(eq(paymentEvents.provider, filter.key.provider), eq(paymentEvents.eventId, filter.key.eventId));
  }
  return and(...conditions);
}

/** Open ones first (what is left to do), each part newest first. */
const reviewOrder = [
  asc(sql`${paymentEvents.resolvedAt} is not null`),
  desc(paymentEvents.receivedAt),
  desc(paymentEvents.eventId),
];

/** The held events that `where` selects, with their deposits, owners and resolvers, as the console shows them. */
export async function paymentReviewViews(
  db: Db,
  where: SQL | undefined,
  window: { limit: number; offset: number } = { limit: 1, offset: 0 },
): Promise<TPaymentReview[]> {
  const rows = await db
    .select({ event: paymentEvents, deposit: deposits })
    .from(paymentEvents)
    .leftJoin(deposits, eq(deposits.id, paymentEvents.depositId))
    .where(where)
    .orderBy(...reviewOrder)
    .limit(window.limit)
    .offset(window.offset);
  const personIds = rows.flatMap(({ event, deposit }) => [
    ...(deposit ? [deposit.userId] : []),
    ...(event.resolvedBy ? [event.resolvedBy] : []),
  ]);
  const people = await peopleByIds(db, personIds);
  return rows.map(({ event, deposit }) => ({
    provider: event.provider as TPaymentReview['provider'],
    eventId: event.eventId,
    reason: event.reviewReason!,
    received:
      event.amount !== null && event.currency !== null ? { amount: event.amount, currency: event.currency } : null,
    deposit: deposit
      ? { id: deposit.id, amount: { amount: deposit.amount, currency: deposit.currency }, status: deposit.status }
      : null,
    user: deposit ? (people.get(deposit.userId) ?? null) : null,
    receivedAt: event.receivedAt.toISOString(),
    resolution:
      event.resolvedAt && event.resolutionNote !== null
        ? {
            note: event.resolutionNote,
            by: event.resolvedBy ? (people.get(event.resolvedBy) ?? null) : null,
            at: event.resolvedAt.toISOString(),
          }
        : null,
  }));
}
