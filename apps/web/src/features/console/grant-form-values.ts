import {
  grantKinds,
  grantMessages,
  MAX_CREDIT_GRANT,
  MAX_TICKETS_PER_GRANT,
  ticketMessages,
  type TGrant,
  type TGrantKind,
  type TGrantRequest,
} from '@cypher/contract';
import { z } from 'zod';

/**
 * One grant in a console form (an attendance day's reward, a streak bonus, what a batch of codes or an airdrop gives).
 * Its fields carry the request's names (`amount`, `ticketKindId`, `count`, `passId`, `editionPoolId`, `dropId` and
 * `giftRoundId`), so the API's field details (`grant.count`, `dayRewards.2.reward.passId`) land under the fields they
 * are about. Every kind's field is kept while the operator switches kinds; only the chosen kind's travel. A pack is
 * picked as a drop's gift round (decision record 36): one choice sets both its ids.
 */

const choiceMessages = {
  ticketKind: 'Choose the kind of ticket it gives.',
  pass: 'Choose the pass it gives.',
  editionPool: 'Choose the edition pool it gives from.',
  giftRound: 'Choose the drop whose gift packs it gives.',
} as const;

export const ZGrantForm = z
  .object({
    kind: z.enum(grantKinds),
    /** CYP minor units, as the contract counts a credit. */
    amount: z.number().nullable(),
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
    if (grant.kind === 'CREDIT' && !isWholeIn(grant.amount, MAX_CREDIT_GRANT)) {
      refuse('amount', grantMessages.creditAmount);
    }
    if (grant.kind === 'TICKETS') {
      if (!grant.ticketKindId) refuse('ticketKindId', choiceMessages.ticketKind);
      if (!isWholeIn(grant.count, MAX_TICKETS_PER_GRANT)) refuse('count', ticketMessages.grantCount);
    }
    if (grant.kind === 'PASS' && !grant.passId) refuse('passId', choiceMessages.pass);
    if (grant.kind === 'EDITION' && !grant.editionPoolId) refuse('editionPoolId', choiceMessages.editionPool);
    if (grant.kind === 'PACK' && (!grant.giftRoundId || !grant.dropId)) refuse('giftRoundId', choiceMessages.giftRound);
  });

export type TGrantFormValues = z.input<typeof ZGrantForm>;

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

/** A checked grant as the request names it: only the chosen kind's fields. */
export function toGrantRequest(grant: TGrantFormValues): TGrantRequest {
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
    amount: null,
    ticketKindId: null,
    count: 1,
    passId: null,
    editionPoolId: null,
    dropId: null,
    giftRoundId: null,
  };
}

/** A saved grant as the form shows it. */
export function grantFormValues(grant: TGrant): TGrantFormValues {
  return {
    ...emptyGrant(grant.kind),
    amount: grant.kind === 'CREDIT' ? grant.credit.amount : null,
    ticketKindId: grant.kind === 'TICKETS' ? grant.ticketKind.id : null,
    count: grant.kind === 'TICKETS' ? grant.count : 1,
    passId: grant.kind === 'PASS' ? grant.pass.id : null,
    editionPoolId: grant.kind === 'EDITION' ? grant.editionPool.id : null,
    dropId: grant.kind === 'PACK' ? grant.drop.id : null,
    giftRoundId: grant.kind === 'PACK' ? grant.giftRound.id : null,
  };
}
