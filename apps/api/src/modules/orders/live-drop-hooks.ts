import type { DropLive } from '../drops/live/drop-live.ts';
import type { TBatcherHooks } from './purchase-batcher.ts';

/*
 * Route: POST /v2/orders (the balance batcher calls these after a batch) · Writes: nothing · Tests:
 * drops/live/drop-live.test.ts, drops/live/sold-out-everywhere.test.ts.
 */

/**
 * What a balance batch of packs tells the drop's live updates (decision record 35): that it sold (the drop pages'
 * counts moved), and that it found the round without an unclaimed pack (announced to every instance). Passes and
 * tickets have no live page: they keep the batcher's own second.
 */
export function liveDropHooks(live: Pick<DropLive, 'changed' | 'announceSoldOut'>): TBatcherHooks {
  return {
    onItemSold(item) {
      if (item.kind === 'PACK') live.changed(item.drop.id);
    },
    async onItemExhausted(item) {
      if (item.kind !== 'PACK') return false;
      return (await live.announceSoldOut(item.drop.id, item.id)) !== 'not-listening';
    },
  };
}
