import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import {
  dropCounts,
  dropStatusAt,
  isDropSoldOut,
  usdCentsToCyp,
  type TBrandSummary,
  type TDrop,
  type TDropContent,
  type TDropViewer,
  type TGiftRound,
  type TPassGuarantee,
} from '@cypher/contract';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/query-rows.ts';
import { brandSummariesByIds } from '../catalog/brand-summaries.ts';
import { publishedBrandIds } from '../catalog/published-brand-ids.ts';
import { dropContentsWithProducts } from './drop-contents.ts';
import { passNamesByIds } from '../passes/pass-names.ts';
import { raffleRoundIds } from '../raffles/raffle-round-ids.ts';
import { drops, salePolicies } from './drops.tables.ts';
import { passGuaranteeOf, passGuaranteeView } from './pass-guarantee.ts';
import { sqlArray } from '../../db/sql-arrays.ts';

/**
 * The part of a published drop that is the same for everyone and changes only with purchases: what the per-process
 * cache keeps (drops.routes.ts). Status, sold-out state and the viewer are computed from it per request, so a drop
 * opens or completes on the second even while its counts come from the cache.
 */
export interface TPublicDropParts {
  id: string;
  brand: TBrandSummary;
  name: string;
  description: string | null;
  imageUrl: string;
  visibleAt: Date;
  dropBeginAt: Date;
  dropEndAt: Date;
  editionsPerPack: number;
  commitment: string | null;
  /** Spec section 4's sale rounds: what the counts, the sold-out state and the current round are about. */
  policies: TPublicPolicy[];
  /** Packs set aside for giveaways (decision record 36), never on sale and never among `policies`; null for none. */
  giftRound: TGiftRound | null;
  contents: TDropContent[];
}

export interface TPublicPolicy {
  id: string;
  round: number;
  saleBeginAt: Date;
  saleEndAt: Date;
  price: number;
  perPersonLimit: number | null;
  beginIssuedPackNumber: number;
  endIssuedPackNumber: number;
  soldCount: number;
  /** Unclaimed packs held back for the round's pass holders (its first numbers); 0 without a guarantee. */
  heldBackLeftCount: number;
  whitelist: { name: string; size: number } | null;
  requiredPass: { id: string; name: string } | null;
  passGuarantee: TPassGuarantee | null;
  isRaffle: boolean;
}

/**
 * Published drops of published brands by id (drafts, hidden brands' drops and unknown ids are absent from the answer), in seven statements whatever the number
 * of drops. Sold counts are derived from the packs, never read from a counter row: a round's packs minus its
 * unclaimed ones, counted on packs_unclaimed_idx, the partial index the purchase claims from (so it shrinks as the
 * drop sells). A held pack (its card payment still open) counts as sold until its order times out.
 */
export async function loadPublicDrops(db: Db, ids: readonly string[]): Promise<Map<string, TPublicDropParts>> {
  const found = new Map<string, TPublicDropParts>();
  if (ids.length === 0) return found;
  const candidates = await db
    .select()
    .from(drops)
    .where(and(inArray(drops.id, [...ids]), eq(drops.publicationStatus, 'PUBLISHED')));
  // Unpublishing a brand hides everything under it, its drops too (catalog-scope.ts).
  const published = await publishedBrandIds(
    db,
    candidates.map((drop) => drop.brandId),
  );
  const rows = candidates.filter((drop) => published.has(drop.brandId));
  if (rows.length === 0) return found;
  const dropIds = rows.map((drop) => drop.id);
  const brands = await brandSummariesByIds(
    db,
    rows.map((drop) => drop.brandId),
  );

  const policies = await db
    .select()
    .from(salePolicies)
    .where(inArray(salePolicies.dropId, dropIds))
    .orderBy(asc(salePolicies.round));
  const policyIds = policies.map((policy) => policy.id);
  // Of a round's unclaimed packs, those held back for its pass holders are its first numbers (decision record 29).
  const unclaimed = await queryRows<{ policy_id: string; unclaimed: number | string; held_back: number | string }>(
    db,
    sql`select p.policy_id, count(*) as unclaimed,
               count(*) filter (where p.number < sp.begin_issued_pack_number + coalesce(sp.guaranteed_pack_count, 0))
                 as held_back
        from packs p join sale_policies sp on sp.id = p.policy_id
        where p.policy_id = any(${sqlArray(policyIds)}::uuid[]) and p.order_id is null
        group by p.policy_id`,
  );
  const unclaimedOf = new Map(unclaimed.map((row) => [row.policy_id, Number(row.unclaimed)]));
  const heldBackOf = new Map(unclaimed.map((row) => [row.policy_id, Number(row.held_back)]));
  const whitelisted = policies.filter((policy) => policy.whitelistName !== null).map((policy) => policy.id);
  const sizes =
    whitelisted.length === 0
      ? []
      : await queryRows<{ policy_id: string; size: number | string }>(
          db,
          sql`select policy_id, count(*) as size from sale_policy_whitelist
              where policy_id = any(${sqlArray(whitelisted)}::uuid[]) group by policy_id`,
        );
  const sizeOf = new Map(sizes.map((row) => [row.policy_id, Number(row.size)]));

  const contents = await dropContentsWithProducts(db, dropIds);
  const passNames = await passNamesByIds(
    db,
    policies.flatMap((policy) => [policy.requiredPassId ?? [], policy.guaranteePassId ?? []].flat()),
  );
  const raffles = await raffleRoundIds(db, policyIds);

  const issuedOf = (policy: (typeof policies)[number]) => policy.endIssuedPackNumber - policy.beginIssuedPackNumber + 1;
  for (const drop of rows) {
    const gift = policies.find((policy) => policy.dropId === drop.id && policy.isGiftRound);
    found.set(drop.id, {
      id: drop.id,
      brand: brands.get(drop.brandId)!,
      name: drop.name,
      description: drop.description,
      imageUrl: drop.imageUrl,
      visibleAt: drop.visibleAt,
      dropBeginAt: drop.dropBeginAt,
      dropEndAt: drop.dropEndAt,
      editionsPerPack: drop.editionsPerPack,
      commitment: drop.commitment,
      giftRound: gift
        ? {
            id: gift.id,
            round: gift.round,
            packCount: issuedOf(gift),
            beginIssuedPackNumber: gift.beginIssuedPackNumber,
            endIssuedPackNumber: gift.endIssuedPackNumber,
            givenCount: issuedOf(gift) - (unclaimedOf.get(gift.id) ?? 0),
          }
        : null,
      policies: policies
        .filter((policy) => policy.dropId === drop.id && !policy.isGiftRound)
        .map((policy) => {
          const issued = issuedOf(policy);
          return {
            id: policy.id,
            round: policy.round,
            saleBeginAt: policy.saleBeginAt,
            saleEndAt: policy.saleEndAt,
            price: policy.price,
            perPersonLimit: policy.perPersonLimit,
            beginIssuedPackNumber: policy.beginIssuedPackNumber,
            endIssuedPackNumber: policy.endIssuedPackNumber,
            soldCount: issued - (unclaimedOf.get(policy.id) ?? 0),
            heldBackLeftCount: heldBackOf.get(policy.id) ?? 0,
            whitelist:
              policy.whitelistName === null ? null : { name: policy.whitelistName, size: sizeOf.get(policy.id) ?? 0 },
            requiredPass: policy.requiredPassId
              ? { id: policy.requiredPassId, name: passNames.get(policy.requiredPassId)?.name ?? 'a pass' }
              : null,
            passGuarantee: passGuaranteeView(passGuaranteeOf(policy), passNames, 'a pass'),
            isRaffle: raffles.has(policy.id),
          };
        }),
      contents: contents
        .filter((content) => content.dropId === drop.id)
        .map(({ product, editionCount }) => ({
          product: {
            id: product.id,
            name: product.name,
            rarity: product.rarity,
            imageThumbnailUrl: product.imageThumbnailUrl,
            editionSize: product.editionSize,
          },
          editionCount,
        })),
    });
  }
  return found;
}

/** The API's drop at `now`, from the cached parts and (for a signed-in caller) their own viewer part. */
export function toDrop(
  parts: TPublicDropParts,
  now: Date,
  cypUnit: { cypPerUsd: number; minorUnits: number },
  viewer: TDropViewer | null,
): TDrop {
  const counts = dropCounts(
    parts.policies.map((policy) => ({ ...policy, whitelistCount: policy.whitelist?.size ?? 0 })),
  );
  return {
    id: parts.id,
    brand: parts.brand,
    name: parts.name,
    description: parts.description,
    imageUrl: parts.imageUrl,
    visibleAt: parts.visibleAt.toISOString(),
    dropBeginAt: parts.dropBeginAt.toISOString(),
    dropEndAt: parts.dropEndAt.toISOString(),
    status: dropStatusAt(parts, now),
    salePolicies: parts.policies.map((policy) => ({
      id: policy.id,
      round: policy.round,
      saleBeginAt: policy.saleBeginAt.toISOString(),
      saleEndAt: policy.saleEndAt.toISOString(),
      price: { amount: policy.price, currency: 'USD' },
      priceCyp: { amount: usdCentsToCyp(policy.price, cypUnit), currency: 'CYP' },
      perPersonLimit: policy.perPersonLimit,
      beginIssuedPackNumber: policy.beginIssuedPackNumber,
      endIssuedPackNumber: policy.endIssuedPackNumber,
      soldCount: policy.soldCount,
      heldBackLeftCount: policy.heldBackLeftCount,
      // The list's id is its round's: a round has at most one list (passes may add a second kind later).
      whitelists: policy.whitelist
        ? [{ id: policy.id, name: policy.whitelist.name, kind: 'LIST', size: policy.whitelist.size }]
        : [],
      requiredPass: policy.requiredPass,
      passGuarantee: policy.passGuarantee,
      isRaffle: policy.isRaffle,
    })),
    counts,
    isSoldOut: isDropSoldOut(parts.policies),
    giftRound: parts.giftRound,
    editions: {
      total: parts.contents.reduce((sum, content) => sum + content.editionCount, 0),
      guaranteedPerPack: parts.editionsPerPack,
    },
    contents: parts.contents,
    commitment: parts.commitment,
    viewer,
  };
}
