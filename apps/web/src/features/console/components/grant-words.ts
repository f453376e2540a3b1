import { formatMoney, type TGrantRequest } from '@cypher/contract';

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
