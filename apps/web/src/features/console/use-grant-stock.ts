import type { TGrantRequest } from '@cypher/contract';
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

/**
 * The stock a grant gives from: a pass's units, a pool's editions, a gift round's packs (none once its drop has ended).
 * Each is given while it lasts and the rest are refused (grants/deliver-grants.ts), so a batch of codes or an airdrop
 * asking for more is told before it is made. Undefined for credit and tickets, which do not run out, and while read.
 */
export function useGrantStock(grant: TGrantRequest | undefined): TGrantStock | undefined {
  const pass = useConsoleEntry('passes', grant?.kind === 'PASS' ? grant.passId : '', {
    isEnabled: grant?.kind === 'PASS',
  });
  const pool = useConsoleEditionPool(grant?.kind === 'EDITION' ? grant.editionPoolId : '', {
    isEnabled: grant?.kind === 'EDITION',
  });
  const drop = useConsoleDrop(grant?.kind === 'PACK' ? grant.dropId : '', { isEnabled: grant?.kind === 'PACK' });
  switch (grant?.kind) {
    case 'PASS':
      return (
        pass.data && { left: pass.data.remaining, hasOnly: hasOnlyWords('The pass', pass.data.remaining, undefined) }
      );
    case 'EDITION':
      return (
        pool.data && {
          left: pool.data.remaining,
          hasOnly: hasOnlyWords('The pool', pool.data.remaining, { one: 'edition', many: 'editions' }),
        }
      );
    case 'PACK': {
      const round = drop.data?.giftRound;
      if (!drop.data || round?.id !== grant.giftRoundId) return undefined;
      const left = drop.data.status === 'COMPLETED' ? 0 : round.packCount - round.givenCount;
      return { left, hasOnly: hasOnlyWords('The drop’s gift round', left, { one: 'pack', many: 'packs' }) };
    }
    default:
      return undefined;
  }
}
