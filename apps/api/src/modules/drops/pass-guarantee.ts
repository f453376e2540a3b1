import type { TPassGuarantee } from '@cypher/contract';
import { MINUTE_MS } from '../../lib/clock.ts';
import type { TSalePolicyRow } from './drops.tables.ts';

/*
 * Route: none of its own; the drop's public and console views, the sale drop a purchase reads and the drop page's
 * viewer part · Writes: nothing · Reads: nothing (a sale_policies row the caller read) · Tests: pass-guarantee.test.ts.
 */

/**
 * A round's guarantee for holders of a pass (decision record 29): the round's first `packCount` pack numbers are held
 * back for holders until `endsAt`, each holder buying up to `packsPerHolder` of them.
 */
export interface TRoundPassGuarantee {
  passId: string;
  packsPerHolder: number;
  /** The held-back packs: numbers beginIssuedPackNumber .. beginIssuedPackNumber + packCount - 1. */
  packCount: number;
  minutes: number;
  /** The opening plus `minutes`, or the round's end if that comes first. */
  endsAt: Date;
}

type TGuaranteeColumns = Pick<
  TSalePolicyRow,
  'guaranteePassId' | 'packsPerHolder' | 'guaranteeMinutes' | 'guaranteedPackCount' | 'saleBeginAt' | 'saleEndAt'
>;

/** The round's guarantee from its row, or null when it has none (the row's check keeps the four columns together). */
export function passGuaranteeOf(row: TGuaranteeColumns): TRoundPassGuarantee | null {
  if (row.guaranteePassId === null) return null;
  const minutes = row.guaranteeMinutes!;
  const endsAtMs = Math.min(row.saleBeginAt.getTime() + minutes * MINUTE_MS, row.saleEndAt.getTime());
  return {
    passId: row.guaranteePassId,
    packsPerHolder: row.packsPerHolder!,
    packCount: row.guaranteedPackCount!,
    minutes,
    endsAt: new Date(endsAtMs),
  };
}

/** Whether the held-back packs are still held at `now`: from the round's opening until the guarantee ends. */
export function isGuaranteeHolding(guarantee: TRoundPassGuarantee | null, now: Date): guarantee is TRoundPassGuarantee {
  return guarantee !== null && now < guarantee.endsAt;
}

/** The guarantee as the API shows it, with its pass's name. */
export function passGuaranteeView(
  guarantee: TRoundPassGuarantee | null,
  passNames: ReadonlyMap<string, { name: string }>,
  unknownName: string,
): TPassGuarantee | null {
  if (!guarantee) return null;
  return {
    pass: { id: guarantee.passId, name: passNames.get(guarantee.passId)?.name ?? unknownName },
    packsPerHolder: guarantee.packsPerHolder,
    packCount: guarantee.packCount,
    minutes: guarantee.minutes,
    endsAt: guarantee.endsAt.toISOString(),
  };
}
