import type { TGrant, TGrantDelivery } from '@cypher/contract';
import { nftPath } from './collection-paths.ts';
import { passPath } from './drop-paths.ts';
import { packDestination } from './pack-destination.ts';

/**
 * Where what a grant gave now lives (issue 20), shared by the attendance and redeem pages: credit in the balance on the
 * payment page, tickets on /tickets, a pass on its page, an edition on its NFT page (My Collection until the edition is
 * known), a pack in My packs with its dialog open (decision record 36). A grant that ran out before it reached the
 * person lives nowhere.
 */
export function grantDestination(delivery: Pick<TGrantDelivery, 'status' | 'grant' | 'edition' | 'pack'>): {
  to: string;
  label: string;
} | null {
  if (delivery.status !== 'DELIVERED') return null;
  return destinationOf(delivery.grant, delivery.edition?.id ?? null, delivery.pack);
}

function destinationOf(
  grant: TGrant,
  editionId: string | null,
  pack: TGrantDelivery['pack'],
): { to: string; label: string } {
  switch (grant.kind) {
    case 'CREDIT':
      return { to: '/payment', label: 'See your balance' };
    case 'TICKETS':
      return { to: '/tickets', label: 'See your tickets' };
    case 'PASS':
      return { to: passPath(grant.pass.id), label: 'See your pass' };
    case 'EDITION':
      return editionId
        ? { to: nftPath(editionId), label: 'View your collectible' }
        : { to: '/collections', label: 'Open My Collection' };
    case 'PACK':
      return pack ? packDestination(pack) : { to: '/collections', label: 'Open My Collection' };
  }
}
