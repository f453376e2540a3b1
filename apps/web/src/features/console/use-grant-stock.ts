import type { TGrant, TGrantRequest } from '@cypher/contract';
import { formatCount } from '../../lib/format.ts';
import { useConsoleDrop } from './api/get-console-drop.ts';
import { useConsoleEditionPool } from './api/get-console-edition-pool.ts';
import { useConsoleEntry } from './api/get-console-entry.ts';

/** What a grant's item has left to give, and how a warning names it ("The pass has only 83 left"). */
export type TGrantStock = { left: number; hasOnly: string };

function hasOnlyWords(holder: string, left: number, noun: { one: string; many: string } | undefined): string {
  const what = noun ? ` ${left === 1 ? noun.one : noun.many}` : '';
  return left === 0 ? `${holder} has none left` : `${holder} has only ${formatCount(left)}${what} left`;
}

/** What the stock is read by: a grant request's ids (or a saved grant's, through stockSourceOf). */
type TGrantStockSource =
  | Pick<Extract<TGrantRequest, { kind: 'PASS' }>, 'kind' | 'passId'>
  | Pick<Extract<TGrantRequest, { kind: 'EDITION' }>, 'kind' | 'editionPoolId'>
  | Pick<Extract<TGrantRequest, { kind: 'PACK' }>, 'kind' | 'dropId' | 'giftRoundId'>
  | { kind: 'CREDIT' | 'TICKETS' };

/** A saved grant (a batch's, an airdrop's) as the ids its stock is read by. */
export function stockSourceOf(grant: TGrant): TGrantStockSource {
  switch (grant.kind) {
    case 'PASS':
      return { kind: 'PASS', passId: grant.pass.id };
    case 'EDITION':
      return { kind: 'EDITION', editionPoolId: grant.editionPool.id };
    case 'PACK':
      return { kind: 'PACK', dropId: grant.drop.id, giftRoundId: grant.giftRound.id };
    default:
      return { kind: grant.kind };
  }
}

/**
 * The stock a grant gives from: a pass's units, a pool's editions, a gift round's packs (none once its drop has ended).
 * Each is given while it lasts and the rest are refused (grants/deliver-grants.ts), so a batch of codes or an airdrop
 * asking for more is told before it is made: `isReading` while it is read, so a confirmation waits for it. No stock for
 * credit and tickets, which do not run out, nor when it could not be read (the API still gives only what there is).
 */
export function useGrantStock(grant: TGrantStockSource | undefined): { stock?: TGrantStock; isReading: boolean } {
  const pass = useConsoleEntry('passes', grant?.kind === 'PASS' ? grant.passId : '', {
    isEnabled: grant?.kind === 'PASS',
  });
  const pool = useConsoleEditionPool(grant?.kind === 'EDITION' ? grant.editionPoolId : '', {
    isEnabled: grant?.kind === 'EDITION',
  });
  const drop = useConsoleDrop(grant?.kind === 'PACK' ? grant.dropId : '', { isEnabled: grant?.kind === 'PACK' });
  const stockOf = (left: number | undefined, holder: string, noun?: { one: string; many: string }) =>
    left === undefined ? undefined : { left, hasOnly: hasOnlyWords(holder, left, noun) };
  switch (grant?.kind) {
    case 'PASS':
      return { stock: stockOf(pass.data?.remaining, 'The pass'), isReading: pass.isPending };
    case 'EDITION': {
      const noun = { one: 'edition', many: 'editions' };
      return { stock: stockOf(pool.data?.remaining, 'The pool', noun), isReading: pool.isPending };
    }
    case 'PACK': {
      const round = drop.data?.giftRound;
      const isOver = drop.data?.status === 'COMPLETED';
      const left = round?.id === grant.giftRoundId ? (isOver ? 0 : round.packCount - round.givenCount) : undefined;
      const noun = { one: 'pack', many: 'packs' };
      return { stock: stockOf(left, 'The drop’s gift round', noun), isReading: drop.isPending };
    }
    default:
      return { isReading: false };
  }
}
