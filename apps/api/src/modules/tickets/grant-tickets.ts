import { sql } from 'drizzle-orm';
import { ticketSpendReasons, type TTicketMovementReason } from '@cypher/contract';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/query-rows.ts';
import { sqlArray } from '../../db/sql-arrays.ts';
import { newId } from '../../lib/ids.ts';
import { insertNotificationsSql } from '../notifications/notification-fragments.ts';
import { ticketNotice, TICKETS_PATH } from './ticket-words.ts';

/** Reasons whose occasion writes its own notification, so the tickets are not told of twice. */
const reasonsToldElsewhere: ReadonlySet<TTicketMovementReason> = new Set([
  'PURCHASE',
  'ATTENDANCE',
  'REDEEM',
  'AIRDROP',
]);

export interface TTicketGrant {
  userId: string;
  ticketKindId: string;
  /** How many tickets, at least 1. */
  count: number;
  /** Any reason but the spend (RAFFLE_ENTRY). */
  reason: TTicketMovementReason;
  /** What the grant is for, unique per (person, kind, reason): the order, check-in, code use or raffle entry id. */
  referenceId: string;
  now: Date;
}

/**
 * Route: none of its own; called by the order flow (PURCHASE, wired by the lead), attendance (ATTENDANCE), redeem
 * codes (REDEEM) and airdrops (AIRDROP) through grants/deliver-grants.ts, raffle draws (RAFFLE_REFUND) and the console
 * (grant-tickets-from-console.ts, CONSOLE_GRANT) ·
 * Writes: ticket_movements, ticket_holdings, notifications (through the notifications fragment) · Reads:
 * ticket_kinds · UI: features/drops tickets-page.tsx · Tests: tickets.test.ts.
 *
 * Grants tickets inside the caller's transaction, any number at once in two statements whatever their number (so the
 * order batcher can grant a whole batch's tickets in the batch's transaction):
 *
 * 1. The movements are inserted with ON CONFLICT DO NOTHING on (user, kind, reason, reference), and only the rows
 *    actually inserted are added to the holdings, summed per (person, kind) and upserted in the same statement. A
 *    replayed grant (a retried webhook, a second batch run of the same order) inserts nothing and adds nothing; two
 *    concurrent grants of the same reference queue on the unique index, and the second finds the first's row.
 *    Holdings are upserted in (user, kind) order, so two batches granting to the same people lock their rows in the
 *    same order and queue rather than deadlock.
 * 2. One TICKET notification per new grant ("3 Drop tickets added", to /tickets), through the notifications module's
 *    fragment, in the same transaction. Nothing is sent for a replay, nor where the occasion tells the person itself:
 *    a purchase's order, and a check-in, a redeemed code or an airdrop (grants/deliver-grants.ts writes their notice).
 */
export async function grantTickets(tx: Db, grants: readonly TTicketGrant[]): Promise<void> {
  if (grants.length === 0) return;
  for (const grant of grants) {
    // Programming errors, not requests: every HTTP caller validates its count with the contract first.
    if (!Number.isSafeInteger(grant.count) || grant.count < 1) {
      throw new Error(`a ticket grant adds at least one ticket, got ${grant.count}`);
    }
    if ((ticketSpendReasons as readonly string[]).includes(grant.reason)) {
      throw new Error(`${grant.reason} spends tickets: use spendTicket`);
    }
  }
  const column = <T>(pick: (grant: TTicketGrant) => T) => sqlArray(grants.map(pick));
  const added = await queryRows<{
    id: string;
    user_id: string;
    reason: TTicketMovementReason;
    delta: number;
    created_at: string | Date;
    kind_name: string;
  }>(
    tx,
    sql`
      with granted as (
        insert into ticket_movements (id, user_id, ticket_kind_id, delta, reason, reference_id, created_at)
        select * from unnest(
          ${sqlArray(grants.map(() => newId()))}::uuid[], ${column((grant) => grant.userId)}::uuid[],
          ${column((grant) => grant.ticketKindId)}::uuid[], ${column((grant) => grant.count)}::int[],
          ${column((grant) => grant.reason)}::text[], ${column((grant) => grant.referenceId)}::text[],
          ${column((grant) => grant.now.toISOString())}::timestamptz[])
        on conflict (user_id, ticket_kind_id, reason, reference_id) do nothing
        returning id, user_id, ticket_kind_id, reason, delta, created_at
      ),
      held as (
        insert into ticket_holdings (user_id, ticket_kind_id, count, updated_at)
        select user_id, ticket_kind_id, sum(delta)::int, max(created_at) from granted
        group by user_id, ticket_kind_id
        order by user_id, ticket_kind_id
        on conflict (user_id, ticket_kind_id)
          do update set count = ticket_holdings.count + excluded.count, updated_at = excluded.updated_at
      )
      select granted.id, granted.user_id, granted.reason, granted.delta, granted.created_at, kinds.name as kind_name
      from granted join ticket_kinds kinds on kinds.id = granted.ticket_kind_id`,
  );
  // A purchase's tickets are told by the order's own notices ("Purchase complete"), and a grant's by its delivery's
  // ("Code redeemed"), not a second time here.
  const told = added.filter((row) => !reasonsToldElsewhere.has(row.reason));
  if (told.length === 0) return;
  await tx.execute(
    insertNotificationsSql(
      told.map((row) => ({
        userId: row.user_id,
        kind: 'TICKET' as const,
        stage: 'SUCCESSFUL' as const,
        ...ticketNotice(row.reason, row.delta, row.kind_name),
        linkPath: TICKETS_PATH,
        referenceId: row.id,
        now: new Date(row.created_at),
      })),
    ),
  );
}
