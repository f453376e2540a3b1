import { sql } from 'drizzle-orm';
import { ticketSpendReasons, type TTicketMovementReason } from '@cypher/contract';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/query-rows.ts';
import { AppError } from '../../http/app-error.ts';
import { newId } from '../../lib/ids.ts';
import { insertNotificationsSql } from '../notifications/notification-fragments.ts';
import { ticketNotice, TICKETS_PATH } from './ticket-words.ts';

export interface TTicketSpend {
  userId: string;
  ticketKindId: string;
  /** A spend reason (RAFFLE_ENTRY). */
  reason: TTicketMovementReason;
  /** What the tickets pay for, unique per (person, kind, reason): the raffle entry. */
  referenceId: string;
  now: Date;
  /** How many tickets; 1 unless said. */
  count?: number;
  /** What the tickets went on, for the notification (its line and where it leads); else the reason's words. */
  occasion?: { body: string; linkPath: string };
}

/**
 * Route: none of its own; called by raffle entry (a later piece of issue 18) inside its transaction · Writes:
 * ticket_movements, ticket_holdings, notifications (through the notifications fragment) · Reads: ticket_kinds ·
 * UI: features/drops tickets-page.tsx · Tests: tickets.test.ts, ticket-races.test.ts.
 *
 * Spends `count` tickets of a kind once per reference, in one conditional statement:
 *
 * - `held` locks the person's holding row (FOR UPDATE). Every spend and grant of that person and kind queues there,
 *   and once it has the lock it reads the row as the last one to hold it committed it (READ COMMITTED re-reads a
 *   row it waited for), so the count it checks is the count it will change.
 * - `moved` inserts the movement only when that count is enough, with ON CONFLICT DO NOTHING on (user, kind, reason,
 *   reference): a replay, or a concurrent spend of the same reference that committed first, inserts nothing.
 * - `spent` takes the tickets off the holding only when the movement was inserted, still under `count >= n` (the
 *   CHECK count >= 0 behind it). So tickets are never spent twice for one reference and never go below zero, with no
 *   read-then-write in between.
 *
 * Answers `{ spent: true }` when it spent, `{ spent: false }` for a replay of a reference already spent (no error: the
 * caller's retry is safe), and throws NOT_ENOUGH_TICKETS when the person holds fewer than `count` (nothing written).
 * A spend writes one TICKET notification ("1 Drop ticket spent") in the same transaction.
 */
export async function spendTicket(tx: Db, spend: TTicketSpend): Promise<{ spent: boolean }> {
  const count = spend.count ?? 1;
  if (!Number.isSafeInteger(count) || count < 1) throw new Error(`a spend takes at least one ticket, got ${count}`);
  if (!(ticketSpendReasons as readonly string[]).includes(spend.reason)) {
    throw new Error(`${spend.reason} adds tickets: use grantTickets`);
  }
  const { userId, ticketKindId, reason, referenceId, now, occasion } = spend;
  const [outcome] = await queryRows<{
    kind_name: string | null;
    held: number | null;
    movement_id: string | null;
    is_spent: boolean;
  }>(
    tx,
    sql`
      with held as (
        select count from ticket_holdings
        where user_id = ${userId}::uuid and ticket_kind_id = ${ticketKindId}::uuid
        for update
      ),
      moved as (
        insert into ticket_movements (id, user_id, ticket_kind_id, delta, reason, reference_id, created_at)
        select ${newId()}::uuid, ${userId}::uuid, ${ticketKindId}::uuid, ${-count}::int, ${reason}, ${referenceId},
               ${now.toISOString()}::timestamptz
        from held where held.count >= ${count}::int
        on conflict (user_id, ticket_kind_id, reason, reference_id) do nothing
        returning id
      ),
      spent as (
        update ticket_holdings set count = ticket_holdings.count - ${count}::int, updated_at = ${now.toISOString()}::timestamptz
        from moved
        where ticket_holdings.user_id = ${userId}::uuid and ticket_holdings.ticket_kind_id = ${ticketKindId}::uuid
          and ticket_holdings.count >= ${count}::int
        returning ticket_holdings.count
      )
      select (select name from ticket_kinds where id = ${ticketKindId}::uuid) as kind_name,
             (select count from held) as held,
             (select id from moved) as movement_id,
             exists (select 1 from spent) as is_spent`,
  );
  if (!outcome?.kind_name) throw new AppError('TICKET_KIND_NOT_FOUND');
  if (outcome.movement_id) {
    // Under the row lock the movement and the decrement go together; one without the other would be a bug, and the
    // caller's transaction must not commit it.
    if (!outcome.is_spent) throw new Error('a ticket movement was recorded without its spend');
    await tx.execute(
      insertNotificationsSql([
        {
          userId,
          kind: 'TICKET',
          stage: 'SUCCESSFUL',
          ...ticketNotice(reason, -count, outcome.kind_name),
          ...occasion,
          linkPath: occasion?.linkPath ?? TICKETS_PATH,
          referenceId: outcome.movement_id,
          now,
        },
      ]),
    );
    return { spent: true };
  }
  // Nothing was inserted: either this reference was spent already (a replay), or there were not enough tickets. A
  // fresh statement sees a spend of the same reference that committed while this one waited for the row.
  if (outcome.held !== null && outcome.held >= count) return { spent: false };
  if (await wasSpent(tx, spend)) return { spent: false };
  throw new AppError('NOT_ENOUGH_TICKETS');
}

async function wasSpent(tx: Db, spend: TTicketSpend): Promise<boolean> {
  const rows = await queryRows<{ found: number }>(
    tx,
    sql`select 1 as found from ticket_movements
        where user_id = ${spend.userId}::uuid and ticket_kind_id = ${spend.ticketKindId}::uuid
          and reason = ${spend.reason} and reference_id = ${spend.referenceId}`,
  );
  return rows.length > 0;
}
