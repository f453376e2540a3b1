import { eq, sql } from 'drizzle-orm';
import { dropMessages, type TConsoleDropRequest } from '@cypher/contract';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/app-error.ts';
import { assertCanManageBrand, type Operator } from '../../http/operator-guard.ts';
import { newId } from '../../lib/ids.ts';
import { passNamesByIds } from '../passes/pass-names.ts';
import { dropContents, drops, salePolicies } from './drops.tables.ts';
import { sqlArray } from '../../db/sql-arrays.ts';

/**
 * The draft drop `id`, locked for the rest of the transaction, for a change to it (an update, a deletion): DROP_NOT_FOUND,
 * the operator's brand checked, then DROP_ALREADY_PUBLISHED. Locked first, so a publish at the same moment either
 * finishes before (and this answers DROP_ALREADY_PUBLISHED) or waits for the change and publishes what it left.
 */
export async function lockDraftDrop(
  tx: Db,
  operator: Operator,
  id: string,
): Promise<{ brandId: string; updatedAt: Date }> {
  const [row] = await tx
    .select({ brandId: drops.brandId, publicationStatus: drops.publicationStatus, updatedAt: drops.updatedAt })
    .from(drops)
    .where(eq(drops.id, id))
    .for('update');
  if (!row) throw new AppError('DROP_NOT_FOUND');
  assertCanManageBrand(operator, row.brandId);
  if (row.publicationStatus !== 'DRAFT') throw new AppError('DROP_ALREADY_PUBLISHED');
  return { brandId: row.brandId, updatedAt: row.updatedAt };
}

/** Rows per INSERT of whitelist emails: a list may hold 50,000, far more than one statement should carry. */
const WHITELIST_CHUNK = 5_000;

/**
 * Writes: drop_contents, sale_policies, sale_policy_whitelist · Reads: passes (the ones rounds name, through the
 * passes module). The parts of a draft under its drops row, from the
 * console's request; the caller has removed the old parts of a draft it replaces.
 *
 * Each round's pack numbers are fixed here, as ranges in round order (round 1 gets 1..n1, round 2 continues), so the
 * console shows them before publication and publication only has to create the packs inside them. A gift round
 * (decision record 36) comes last, numbered after the sale rounds, its packs after theirs: adding one never moves a
 * sale round's numbers, and publication writes its packs like any round's (write-drop-packs.ts reads the ranges).
 */
export async function writeDropDraftParts(tx: Db, dropId: string, input: TConsoleDropRequest): Promise<void> {
  const passSupplies = await passSuppliesOfBrand(tx, input);
  await tx
    .insert(dropContents)
    .values(
      input.contents.map((content) => ({ dropId, productId: content.productId, editionCount: content.editionCount })),
    );

  let nextPackNumber = 1;
  const policies = input.rounds.map((round, index) => {
    const guarantee = round.passGuarantee ?? null;
    const guaranteedPackCount = guarantee ? guarantee.packsPerHolder * passSupplies.get(guarantee.passId)! : null;
    if (guaranteedPackCount !== null && guaranteedPackCount > round.packCount) {
      throw new AppError('INVALID_REQUEST', {
        details: [{ field: `rounds.${index}.passGuarantee.packsPerHolder`, message: dropMessages.guaranteeOverRound }],
      });
    }
    const policy = {
      id: newId(),
      dropId,
      round: round.round,
      saleBeginAt: new Date(round.saleBeginAt),
      saleEndAt: new Date(round.saleEndAt),
      price: round.price,
      perPersonLimit: round.perPersonLimit,
      beginIssuedPackNumber: nextPackNumber,
      endIssuedPackNumber: nextPackNumber + round.packCount - 1,
      whitelistName: round.whitelist?.name ?? null,
      requiredPassId: round.requiredPassId ?? null,
      guaranteePassId: guarantee?.passId ?? null,
      packsPerHolder: guarantee?.packsPerHolder ?? null,
      guaranteeMinutes: guarantee?.minutes ?? null,
      guaranteedPackCount,
    };
    nextPackNumber += round.packCount;
    return { policy, emails: round.whitelist?.emails ?? [] };
  });
  const giftRound = input.giftRound
    ? {
        id: newId(),
        dropId,
        round: input.rounds.length + 1,
        // Not a sale window: the time the drop is shown to its end, when gifts of its packs stop (give-gift-packs.ts).
        saleBeginAt: new Date(input.visibleAt),
        saleEndAt: new Date(input.dropEndAt),
        price: 0,
        perPersonLimit: null,
        beginIssuedPackNumber: nextPackNumber,
        endIssuedPackNumber: nextPackNumber + input.giftRound.packCount - 1,
        isGiftRound: true,
      }
    : null;
  await tx.insert(salePolicies).values([...policies.map(({ policy }) => policy), ...(giftRound ? [giftRound] : [])]);

  for (const { policy, emails } of policies) {
    for (let start = 0; start < emails.length; start += WHITELIST_CHUNK) {
      const chunk = emails.slice(start, start + WHITELIST_CHUNK);
      await tx.execute(
        sql`insert into sale_policy_whitelist (policy_id, email)
            select ${policy.id}::uuid, email from unnest(${sqlArray(chunk)}::text[]) as w(email)`,
      );
    }
  }
}

/**
 * The passes the rounds name (required, or guaranteeing packs) by id with their supply; each must be of the drop's own
 * brand (PASS_NOT_OF_BRAND, also for an unknown pass, or one deleted while this waited for it). Held until the draft
 * commits, so a deletion at the same moment either waits and is refused PASS_NAMED_BY_ROUND, or goes first.
 */
async function passSuppliesOfBrand(tx: Db, input: TConsoleDropRequest): Promise<Map<string, number>> {
  const passIds = input.rounds.flatMap((round) =>
    [round.requiredPassId ?? [], round.passGuarantee?.passId ?? []].flat(),
  );
  const found = await passNamesByIds(tx, passIds, { isHeldForNaming: true });
  if (passIds.some((id) => found.get(id)?.brandId !== input.brandId)) throw new AppError('PASS_NOT_OF_BRAND');
  return new Map([...found].map(([id, pass]) => [id, pass.supply]));
}
