import {
  formatMoney,
  grantKinds,
  MAX_CREDIT_GRANT,
  MAX_TICKETS_PER_GRANT,
  ticketMessages,
  type TGrant,
  type TGrantKind,
  type TGrantRequest,
} from '@cypher/contract';
import { z } from 'zod';
import { amountText, exampleAmount, readAmount } from '../../lib/money-input.ts';

/**
 * One grant in a console form (an attendance day's reward, a streak bonus, what a batch of codes or an airdrop gives).
 * Its fields carry the request's names (`amount`, `ticketKindId`, `count`, `passId`, `editionPoolId`, `dropId` and
 * `giftRoundId`), so the API's field details (`grant.count`, `dayRewards.2.reward.passId`) land under the fields they
 * are about. Every kind's field is kept while the operator switches kinds; only the chosen kind's travel. A pack is
 * picked as a drop's gift round (decision record 36): one choice sets both its ids. A credit is typed in CYP, as every
 * amount is shown (5.00, not the 500 minor units the API counts in), and sent in minor units.
 */

const choiceMessages = {
  ticketKind: 'Choose the kind of ticket it gives.',
  pass: 'Choose the pass it gives.',
  editionPool: 'Choose the edition pool it gives from.',
  giftRound: 'Choose the drop whose gift packs it gives.',
} as const;

/** What a credit box says is wrong, in the unit's own shape (`decimals`: the CYP unit's, as the balances answer). */
function creditMessages(decimals: number) {
  const cyp = (minorUnits: number) => formatMoney({ amount: minorUnits, currency: 'CYP' }, { cypMinorUnits: decimals });
  return {
    empty: `Enter the credit in CYP, such as ${exampleAmount(5, decimals)}.`,
    format: `Enter the credit as an amount of CYP, such as ${exampleAmount(5, decimals)}.`,
    decimals:
      decimals === 0
        ? 'Enter the credit in whole CYP: it has no decimals.'
        : `Enter the credit with at most ${decimals} ${decimals === 1 ? 'decimal' : 'decimals'}: CYP counts to ${amountText(1, decimals)}.`,
    notPositive: `Enter a credit of more than ${cyp(0)}.`,
    tooLarge: `A grant gives at most ${cyp(MAX_CREDIT_GRANT)}.`,
  } as const;
}

/** Said while the CYP unit is not known: a credit cannot be read without it. */
const creditUnitUnknownMessage = 'The CYP unit has not loaded yet. Try again in a moment, or reload the page.';

/**
 * A credit as typed (in CYP, such as 5.00) -> the minor units the contract counts, or what is wrong with it. The unit's
 * decimals come from the API (`cypUnit.minorUnits` of the balances); undefined until it has answered.
 */
export function readCredit(text: string, decimals: number | undefined): { minorUnits: number } | { message: string } {
  if (decimals === undefined) return { message: creditUnitUnknownMessage };
  const messages = creditMessages(decimals);
  const reading = readAmount(text, 'CYP', decimals);
  if (!reading.isAmount)
    return { message: reading.problem === 'negative' ? messages.notPositive : messages[reading.problem] };
  if (reading.minorUnits < 1) return { message: messages.notPositive };
  if (reading.minorUnits > MAX_CREDIT_GRANT) return { message: messages.tooLarge };
  return { minorUnits: reading.minorUnits };
}

/**
 * A grant's fields as the form checks them: the credit is typed in CYP with the unit's decimals (`cypDecimals`) and
 * leaves as the minor units the API counts in.
 */
export function grantFormSchema(cypDecimals: number | undefined) {
  return z
    .object({
      kind: z.enum(grantKinds),
      /** CYP, as typed ("5", "5.00", "1,500.25"); sent in minor units. */
      amount: z.string(),
      ticketKindId: z.string().nullable(),
      count: z.number().nullable(),
      passId: z.string().nullable(),
      editionPoolId: z.string().nullable(),
      /** A pack: the drop, and its gift round (what the one select picks). */
      dropId: z.string().nullable(),
      giftRoundId: z.string().nullable(),
    })
    .superRefine((grant, context) => {
      const refuse = (path: string, message: string) => context.addIssue({ code: 'custom', path: [path], message });
      const isWholeIn = (value: number | null, max: number) =>
        value !== null && Number.isInteger(value) && value >= 1 && value <= max;
      if (grant.kind === 'CREDIT') {
        const credit = readCredit(grant.amount, cypDecimals);
        if ('message' in credit) refuse('amount', credit.message);
      }
      if (grant.kind === 'TICKETS') {
        if (!grant.ticketKindId) refuse('ticketKindId', choiceMessages.ticketKind);
        if (!isWholeIn(grant.count, MAX_TICKETS_PER_GRANT)) refuse('count', ticketMessages.grantCount);
      }
      if (grant.kind === 'PASS' && !grant.passId) refuse('passId', choiceMessages.pass);
      if (grant.kind === 'EDITION' && !grant.editionPoolId) refuse('editionPoolId', choiceMessages.editionPool);
      if (grant.kind === 'PACK' && (!grant.giftRoundId || !grant.dropId)) {
        refuse('giftRoundId', choiceMessages.giftRound);
      }
    })
    .transform((grant) => {
      const credit = grant.kind === 'CREDIT' ? readCredit(grant.amount, cypDecimals) : undefined;
      return { ...grant, amount: credit && 'minorUnits' in credit ? credit.minorUnits : null };
    });
}

export type TGrantFormValues = z.input<ReturnType<typeof grantFormSchema>>;
type TGrantFormOutput = z.output<ReturnType<typeof grantFormSchema>>;

/** The grant's fields as the form names them: where an API detail about a grant goes. */
const grantFields = ['kind', 'amount', 'ticketKindId', 'count', 'passId', 'editionPoolId', 'giftRoundId'];

/**
 * Where an API detail about a grant belongs (`rest` is what follows the grant's own path): under its field (a pack's
 * drop under the one select that picks it), or under "Gives" when it is about the grant as a whole.
 */
export function grantFieldOf(prefix: string, rest: string | undefined): string | undefined {
  if (rest === undefined || rest === '') return `${prefix}.kind`;
  if (rest === 'dropId') return `${prefix}.giftRoundId`;
  return grantFields.includes(rest) ? `${prefix}.${rest}` : undefined;
}

/** A checked grant as the request names it: only the chosen kind's fields, the credit in minor units. */
export function toGrantRequest(grant: TGrantFormOutput): TGrantRequest {
  switch (grant.kind) {
    case 'CREDIT':
      return { kind: 'CREDIT', amount: grant.amount ?? 0 };
    case 'TICKETS':
      return { kind: 'TICKETS', ticketKindId: grant.ticketKindId ?? '', count: grant.count ?? 0 };
    case 'PASS':
      return { kind: 'PASS', passId: grant.passId ?? '' };
    case 'EDITION':
      return { kind: 'EDITION', editionPoolId: grant.editionPoolId ?? '' };
    case 'PACK':
      return { kind: 'PACK', dropId: grant.dropId ?? '', giftRoundId: grant.giftRoundId ?? '' };
  }
}

export function emptyGrant(kind: TGrantKind = 'TICKETS'): TGrantFormValues {
  return {
    kind,
    amount: '',
    ticketKindId: null,
    count: 1,
    passId: null,
    editionPoolId: null,
    dropId: null,
    giftRoundId: null,
  };
}

/** A saved grant as the form shows it: a credit in CYP with the unit's decimals (5.00 for 500 minor units). */
export function grantFormValues(grant: TGrant, cypDecimals: number): TGrantFormValues {
  return {
    ...emptyGrant(grant.kind),
    amount: grant.kind === 'CREDIT' ? amountText(grant.credit.amount, cypDecimals) : '',
    ticketKindId: grant.kind === 'TICKETS' ? grant.ticketKind.id : null,
    count: grant.kind === 'TICKETS' ? grant.count : 1,
    passId: grant.kind === 'PASS' ? grant.pass.id : null,
    editionPoolId: grant.kind === 'EDITION' ? grant.editionPool.id : null,
    dropId: grant.kind === 'PACK' ? grant.drop.id : null,
    giftRoundId: grant.kind === 'PACK' ? grant.giftRound.id : null,
  };
}
