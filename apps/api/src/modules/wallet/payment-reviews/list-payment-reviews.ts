import { count } from 'drizzle-orm';
import type { TPage, TPaymentReview, TPaymentReviewsQuery } from '@cypher/contract';
import type { Db } from '../../../db/client.ts';
import { pageWindow, toPage } from '../../../http/pagination.ts';
import { paymentEvents } from '../deposits/deposits.tables.ts';
import { heldEvents, paymentReviewViews } from './payment-review-views.ts';

/**
 * Money a provider reported received that no deposit could take (applyPaymentEvent held it for review), open ones
 * first and newest first, or only the open or the resolved ones; each with what was received, the deposit and its
 * owner when one matched, and what an operator recorded doing about it.
 *
 * Route: GET /v1/console/payment-reviews (admin) · Reads: payment_events (its partial review index), deposits, users ·
 * UI: apps/web/src/features/console/sections/payment-reviews-section.tsx · Tests: payment-reviews.test.ts.
 */
export async function listPaymentReviews(db: Db, query: TPaymentReviewsQuery): Promise<TPage<TPaymentReview>> {
  const where = heldEvents({ state: query.state });
  const items = await paymentReviewViews(db, where, pageWindow(query));
  const [counted] = await db.select({ total: count() }).from(paymentEvents).where(where);
  return toPage(items, query, counted?.total ?? 0);
}
