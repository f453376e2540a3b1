import { cypPerUsdCent, formatMoney, type TGrantRequest } from '@cypher/contract';

/**
 * What a confirmation says a grant gives: "3 tickets", "5.00 CYP of credit"; `times` over, the most a batch of codes
 * can give in all ("50,000.00 CYP of credit"), counted in big integers since codes × uses × amount passes 2^53.
 */
export function grantWords(grant: TGrantRequest, cypDecimals: number | undefined, times = 1n): string {
  switch (grant.kind) {
    case 'CREDIT':
      return `${formatMoney({ amount: BigInt(grant.amount) * times, currency: 'CYP' }, { cypMinorUnits: cypDecimals })} of credit`;
    case 'TICKETS': {
      const count = BigInt(grant.count) * times;
      return `${count.toLocaleString('en-US')} ${count === 1n ? 'ticket' : 'tickets'}`;
    }
    case 'PASS':
      return times === 1n ? 'a pass' : `${times.toLocaleString('en-US')} passes`;
    case 'EDITION':
      return times === 1n ? 'an edition' : `${times.toLocaleString('en-US')} editions`;
    case 'PACK':
      return times === 1n ? 'a pack' : `${times.toLocaleString('en-US')} packs`;
  }
}

/** The CYP unit as the balances answer it: its decimals and its rate. */
export type TCypUnit = { minorUnits: number; cypPerUsd: number };

/**
 * What an amount of CYP is worth at the unit's rate, as it follows the amount: " (worth $0.30)". In whole cents, as a
 * purchase spends credit, counted in big integers; empty when a cent is not a whole number of CYP minor units (credit
 * then pays for nothing) or before the unit is known. `isAbout` when the amount is an estimate.
 */
export function worthWords(amount: bigint, unit: TCypUnit | undefined, isAbout = false): string {
  const perCent = unit ? cypPerUsdCent(unit) : null;
  if (perCent === null) return '';
  return ` (worth ${isAbout ? 'about ' : ''}${formatMoney({ amount: amount / BigInt(perCent), currency: 'USD' })})`;
}

/**
 * What a credit grant to `recipients` people comes to in all, with what it is worth in USD: "In all: 30.00 CYP (worth
 * $0.30)." An airdrop's confirmation says it, as a typo in the amount is paid out once per person.
 * `isAbout` when the count is an estimate (a pass's holders, counted by passes sold). Undefined for a grant that is
 * not credit, or before the unit is known.
 */
export function creditTotalWords(
  grant: TGrantRequest,
  unit: TCypUnit | undefined,
  recipients: number,
  isAbout = false,
): string | undefined {
  if (grant.kind !== 'CREDIT' || !unit) return undefined;
  const total = BigInt(grant.amount) * BigInt(recipients);
  const about = isAbout ? 'about ' : '';
  return `In all: ${about}${formatMoney({ amount: total, currency: 'CYP' }, { cypMinorUnits: unit.minorUnits })}${worthWords(total, unit, isAbout)}.`;
}
