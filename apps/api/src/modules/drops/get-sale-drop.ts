import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { drops, salePolicies, salePolicyWhitelist } from './drops.tables.ts';
import { passGuaranteeOf, type TRoundPassGuarantee } from './pass-guarantee.ts';

/** What a purchase needs of a published drop: its times and its rounds. Immutable once published. */
export interface TSaleDrop {
  id: string;
  brandId: string;
  name: string;
  imageUrl: string;
  visibleAt: Date;
  dropBeginAt: Date;
  dropEndAt: Date;
  editionsPerPack: number;
  /** Spec section 4's sale rounds, in round order: the only rounds a purchase can ever reach. */
  policies: TSaleRound[];
  /** Packs set aside for giveaways (decision record 36), given by grants and never sold; null for none. */
  giftRound: TSaleGiftRound | null;
}

interface TSaleGiftRound {
  id: string;
  round: number;
  beginIssuedPackNumber: number;
  endIssuedPackNumber: number;
}

export interface TSaleRound {
  id: string;
  round: number;
  saleBeginAt: Date;
  saleEndAt: Date;
  /** USD cents per pack. */
  price: number;
  perPersonLimit: number | null;
  beginIssuedPackNumber: number;
  endIssuedPackNumber: number;
  hasWhitelist: boolean;
  /** Holders only: the pass a buyer must hold, valid at the time, to buy in this round; null for everyone. */
  requiredPassId: string | null;
  /** Packs held back for holders of a pass for a while, in a round open to everyone; null for none. */
  passGuarantee: TRoundPassGuarantee | null;
}

/**
 * A published drop never changes (drafts are not for sale), so every purchase of it can share one read: kept per
 * process, keyed by id. An unknown or unpublished id is not kept, so publishing a draft is seen at once.
 */
const published = new Map<string, Promise<TSaleDrop | null>>();

/** The published drop with its rounds, or null. Reads the database once per process and drop. */
export function getSaleDrop(db: Db, dropId: string): Promise<TSaleDrop | null> {
  const cached = published.get(dropId);
  if (cached) return cached;
  const loading = loadSaleDrop(db, dropId).then((drop) => {
    if (!drop) published.delete(dropId);
    return drop;
  });
  loading.catch(() => published.delete(dropId));
  published.set(dropId, loading);
  return loading;
}

async function loadSaleDrop(db: Db, dropId: string): Promise<TSaleDrop | null> {
  const [drop] = await db
    .select({
      id: drops.id,
      brandId: drops.brandId,
      name: drops.name,
      imageUrl: drops.imageUrl,
      visibleAt: drops.visibleAt,
      dropBeginAt: drops.dropBeginAt,
      dropEndAt: drops.dropEndAt,
      editionsPerPack: drops.editionsPerPack,
    })
    .from(drops)
    .where(and(eq(drops.id, dropId), eq(drops.publicationStatus, 'PUBLISHED')));
  if (!drop) return null;
  const rounds = await db
    .select({
      id: salePolicies.id,
      round: salePolicies.round,
      saleBeginAt: salePolicies.saleBeginAt,
      saleEndAt: salePolicies.saleEndAt,
      price: salePolicies.price,
      perPersonLimit: salePolicies.perPersonLimit,
      beginIssuedPackNumber: salePolicies.beginIssuedPackNumber,
      endIssuedPackNumber: salePolicies.endIssuedPackNumber,
      hasWhitelist: sql<boolean>`${salePolicies.whitelistName} is not null`,
      requiredPassId: salePolicies.requiredPassId,
      guaranteePassId: salePolicies.guaranteePassId,
      packsPerHolder: salePolicies.packsPerHolder,
      guaranteeMinutes: salePolicies.guaranteeMinutes,
      guaranteedPackCount: salePolicies.guaranteedPackCount,
      isGiftRound: salePolicies.isGiftRound,
    })
    .from(salePolicies)
    .where(eq(salePolicies.dropId, dropId))
    .orderBy(asc(salePolicies.round));
  const gift = rounds.find((round) => round.isGiftRound);
  return {
    ...drop,
    policies: rounds
      .filter((round) => !round.isGiftRound)
      .map(
        ({ guaranteePassId, packsPerHolder, guaranteeMinutes, guaranteedPackCount, isGiftRound: _gift, ...round }) => ({
          ...round,
          passGuarantee: passGuaranteeOf({
            ...round,
            guaranteePassId,
            packsPerHolder,
            guaranteeMinutes,
            guaranteedPackCount,
          }),
        }),
      ),
    giftRound: gift
      ? {
          id: gift.id,
          round: gift.round,
          beginIssuedPackNumber: gift.beginIssuedPackNumber,
          endIssuedPackNumber: gift.endIssuedPackNumber,
        }
      : null,
  };
}

/**
 * Of these addresses (verified, lower case: users' verifiedEmailOf), the ones on the round's whitelist. A whitelist
 * names addresses, so a list made before someone signed up still counts them; only a verified address is ever asked
 * about, so nobody wins a place with an address they have not proven they own. One query for a whole batch of buyers.
 */
export async function whitelistedEmails(db: Db, policyId: string, emails: readonly string[]): Promise<Set<string>> {
  if (emails.length === 0) return new Set();
  const listed = await db
    .select({ email: salePolicyWhitelist.email })
    .from(salePolicyWhitelist)
    .where(and(eq(salePolicyWhitelist.policyId, policyId), inArray(salePolicyWhitelist.email, [...new Set(emails)])));
  return new Set(listed.map((row) => row.email));
}
