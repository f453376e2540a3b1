import type { TPack } from '@cypher/contract';
import { packPath, purchasePath } from './drop-paths.ts';

type TPackState = Pick<TPack, 'id' | 'isOpened'>;

/**
 * Where one delivered pack leads, and what the way there says: open it while sealed, see its editions once opened.
 * Shared by the grant pages (a pack given) and the purchase status page, so a pack is never offered for opening twice.
 */
export function packDestination(pack: TPackState): { to: string; label: string } {
  return { to: packPath(pack.id), label: pack.isOpened ? 'See its editions' : 'Open your pack' };
}

/**
 * Where an order's packs lead: the first still sealed (an opened one has nothing left to open), or once every one is
 * opened, their editions: the pack's own for one, the order's page for several, which lists each pack with its own.
 */
export function orderPacksDestination(orderId: string, packs: TPackState[]): { to: string; label: string } | null {
  const sealed = packs.filter((pack) => !pack.isOpened);
  const [firstSealed] = sealed;
  if (firstSealed)
    return { to: packPath(firstSealed.id), label: sealed.length === 1 ? 'Open your pack' : 'Open your packs' };
  const [onlyPack, ...others] = packs;
  if (!onlyPack) return null;
  return others.length === 0 ? packDestination(onlyPack) : { to: purchasePath(orderId), label: 'See their editions' };
}
