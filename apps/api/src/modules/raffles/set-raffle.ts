import { eq } from 'drizzle-orm';
import { errorCatalogue, raffleMaxPlaces, type TConsoleRaffle, type TSetRaffleRequest } from '@cypher/contract';
import type { AppContext } from '../../app-context.ts';
import { inTransaction } from '../../db/transaction.ts';
import { AppError } from '../../http/app-error.ts';
import type { Operator } from '../../http/operator-guard.ts';
import { MINUTE_MS } from '../../lib/clock.ts';
import { recordAudit } from '../console/audit/record-audit.ts';
import { lockRoundAccess } from '../drops/sale-round.ts';
import { hasWaitingRoom } from '../drops/waiting-room/round-waiting-room.ts';
import { ticketKindSummariesByIds } from '../tickets/ticket-kind-summaries.ts';
import { consoleRaffleOf, managedRound } from './console-raffle.ts';
import { raffleSettledAt } from './raffle-round-ids.ts';
import { newRaffleSeed } from './raffle-seed.ts';
import { raffleRounds } from './raffles.tables.ts';

/**
 * Route: PUT /v1/console/drops/{dropId}/rounds/{round}/raffle · Writes: raffle_rounds, audit_log · Reads: sale_policies
 * and drops (through roundOfDrop; the round's row locked), waiting_rooms (through hasWaitingRoom), ticket_kinds
 * (through ticketKindSummariesByIds: the entry's kind is the drop's brand's or brandless) · UI: features/console
 * raffle-access.tsx · Tests: raffles.test.ts.
 *
 * Makes a round of a published drop a raffle (RAFFLE_DROP_NOT_PUBLISHED otherwise: a draft's rounds are replaced on
 * each save), or changes its raffle until registration opens. The seed is made and committed here, the first time
 * (decision record 26): the commitment must exist before any entry can, and keeping the same seed across later changes
 * means a commitment someone noted stays the one that counts. Once registration has opened the raffle is fixed
 * (RAFFLE_REGISTRATION_OPENED): entries were made under its terms. Registration must close by the round's opening
 * (RAFFLE_CLOSES_AFTER_ROUND_OPENS), so the winners are known before anyone may buy, and open once the drop shows
 * (RAFFLE_OPENS_BEFORE_DROP_SHOWS), or people would enter a drop nobody can see; it has no more places than the round
 * has packs (RAFFLE_PLACES_OVER_PACKS), nor more than its packs serve when each winner buys the share a place allows,
 * the round's per-person limit (RAFFLE_PLACES_OVER_WINNER_SHARES, raffleMaxPlaces), or the last winners would pay their
 * entry and find nothing to buy; it is free for pass holders only on a round that requires a pass
 * (RAFFLE_FREE_FOR_HOLDERS_WITHOUT_PASS); and a round becomes a raffle at the latest 15 seconds before it opens
 * (RAFFLE_ROUND_OPENING). The winners' purchase window ends by the round's end (RAFFLE_WINDOW_AFTER_ROUND_ENDS), or the
 * second draw's winners would be told to buy from the window's end until the round's, already past. A round with a
 * waiting room is not made a raffle (RAFFLE_ROUND_HAS_WAITING_ROOM): the room would invite everyone to queue for a
 * round only winners buy in. Nor is a round that holds packs back for pass holders (RAFFLE_ROUND_HAS_PASS_GUARANTEE):
 * its guarantee lets every holder buy their share, the raffle only its winners (decision record 26). The guarantee is
 * part of the draft and a raffle is set only once the drop is published, so the two are never set at once. The
 * round's row is locked first, as set-waiting-room.ts locks it, so a raffle and a room set at once cannot both be
 * saved; then the raffle row, so two operators' changes apply one after the other and each audit row's "before" is
 * what it replaced.
 */
export async function setRaffle(
  ctx: Pick<AppContext, 'db' | 'clock' | 'seedKey'>,
  operator: Operator,
  dropId: string,
  roundNumber: number,
  input: TSetRaffleRequest,
): Promise<TConsoleRaffle> {
  const round = await managedRound(ctx.db, operator, dropId, roundNumber);
  if (!round.isPublished) throw new AppError('RAFFLE_DROP_NOT_PUBLISHED');
  // The guarantee is written with the draft and fixed from publication on, so this needs no lock.
  if (round.hasPassGuarantee) throw new AppError('RAFFLE_ROUND_HAS_PASS_GUARANTEE');
  const registrationOpensAt = new Date(input.registrationOpensAt);
  const registrationClosesAt = new Date(input.registrationClosesAt);
  if (registrationClosesAt > round.saleBeginAt) throw new AppError('RAFFLE_CLOSES_AFTER_ROUND_OPENS');
  if (registrationOpensAt < round.visibleAt) throw new AppError('RAFFLE_OPENS_BEFORE_DROP_SHOWS');
  // The second draw's winners buy from the window's end until the round's: a window past it would leave them a time
  // already gone.
  if (round.saleBeginAt.getTime() + input.purchaseWindowMinutes * MINUTE_MS > round.saleEndAt.getTime()) {
    throw new AppError('RAFFLE_WINDOW_AFTER_ROUND_ENDS');
  }
  if (input.places > round.packCount) throw new AppError('RAFFLE_PLACES_OVER_PACKS');
  // A place lets its winner buy up to the round's limit (raffleWinnerLimit): every winner's share must fit.
  if (input.places > raffleMaxPlaces(round.packCount, round.perPersonLimit)) {
    throw new AppError('RAFFLE_PLACES_OVER_WINNER_SHARES');
  }
  // "Pass holders" are the holders of the pass the round requires: on a round open to everyone nobody enters as one,
  // so the flag would promise a free entry that enter-raffle.ts charges for.
  if (input.isFreeForPassHolders && !round.requiredPassId) {
    throw new AppError('RAFFLE_FREE_FOR_HOLDERS_WITHOUT_PASS', {
      details: [
        { field: 'isFreeForPassHolders', message: errorCatalogue.RAFFLE_FREE_FOR_HOLDERS_WITHOUT_PASS.message },
      ],
    });
  }
  if (input.ticketKindId) {
    const kind = (await ticketKindSummariesByIds(ctx.db, [input.ticketKindId])).get(input.ticketKindId);
    if (!kind) throw new AppError('TICKET_KIND_NOT_FOUND');
    // Entering spends the collector's ticket: a brand's raffle may ask for its own brand's or the marketplace's, never
    // another brand's (whose tickets it would take for a raffle that brand does not run).
    if (kind.brand !== null && kind.brand.id !== round.brandId) throw new AppError('TICKET_KIND_OF_OTHER_BRAND');
  }
  return inTransaction(ctx.db, async (tx) => {
    // The round first, as the waiting room's console locks it: of a raffle and a room set at once, one waits for the
    // other and then finds it.
    await lockRoundAccess(tx, round.id);
    if (await hasWaitingRoom(tx, round.id)) throw new AppError('RAFFLE_ROUND_HAS_WAITING_ROOM');
    const [locked] = await tx.select().from(raffleRounds).where(eq(raffleRounds.policyId, round.id)).for('update');
    // The time once the locks are had: an entry holds the raffle's row while it spends its ticket, and a change that
    // waited for entries must see registration open (RAFFLE_REGISTRATION_OPENED), not change the terms they entered on.
    const now = ctx.clock.now();
    if (locked && locked.registrationOpensAt <= now) throw new AppError('RAFFLE_REGISTRATION_OPENED');
    // Whether a round is a raffle is settled just before it opens (raffle-round-ids.ts keeps it from then on).
    if (!locked && now.getTime() >= raffleSettledAt(round.saleBeginAt).getTime()) {
      throw new AppError('RAFFLE_ROUND_OPENING');
    }
    const before = await consoleRaffleOf(tx, round);
    const settings = {
      registrationOpensAt,
      registrationClosesAt,
      places: input.places,
      ticketKindId: input.ticketKindId,
      isFreeForPassHolders: input.isFreeForPassHolders,
      ticketsOnLoss: input.ticketsOnLoss,
      purchaseWindowMinutes: input.purchaseWindowMinutes,
      updatedAt: now,
    };
    if (locked) {
      await tx.update(raffleRounds).set(settings).where(eq(raffleRounds.policyId, round.id));
    } else {
      await tx
        .insert(raffleRounds)
        .values({ policyId: round.id, dropId, ...newRaffleSeed(ctx.seedKey, round.id), ...settings, createdAt: now })
        .onConflictDoNothing();
    }
    const after = (await consoleRaffleOf(tx, round))!;
    await recordAudit(tx, {
      actorUserId: operator.userId,
      action: locked ? 'update' : 'create',
      entityType: 'raffle_round',
      entityId: round.id,
      before,
      after,
      at: now,
    });
    return after;
  });
}
