import type { TDrop } from '@cypher/contract';
import { useDrops, type TDropsListParams } from '../../../api/list-drops.ts';
import { dropPhaseAt, type TDropPhase } from '../../../lib/drop-phase.ts';

const ON_SALE: TDropsListParams = { status: 'AVAILABLE', page: 1, size: 3 };
const OPENS_NEXT: TDropsListParams = { status: 'NEXT', page: 1, size: 5 };

export interface THomeDrop {
  drop: TDrop;
  phase: TDropPhase;
}

/**
 * What the home page leads with: the drops on sale now and the ones that open next. The hero and the drops section
 * both read these two pages (one request each, shared through the cache). Each drop is placed by the clock, not by
 * the answer: one whose sale opens while the page is open moves to "on sale now" at that second, and one that ends
 * leaves.
 */
export function useHomeDrops(now: Date) {
  const onSale = useDrops(ON_SALE);
  const opensNext = useDrops(OPENS_NEXT);
  const seen = new Set<string>();
  const drops: THomeDrop[] = [];
  for (const drop of [...(onSale.data?.items ?? []), ...(opensNext.data?.items ?? [])]) {
    if (seen.has(drop.id)) continue;
    seen.add(drop.id);
    drops.push({ drop, phase: dropPhaseAt(drop, now) });
  }
  const failed = [onSale, opensNext].find((query) => query.isError && !query.data);
  return {
    isPending: onSale.isPending || opensNext.isPending,
    error: failed?.error ?? null,
    isRetrying: onSale.isFetching || opensNext.isFetching,
    retry: () => {
      void onSale.refetch();
      void opensNext.refetch();
    },
    onSale: drops.filter((entry) => entry.phase.status === 'AVAILABLE'),
    opensNext: drops.filter((entry) => entry.phase.status === 'NEXT'),
  };
}
