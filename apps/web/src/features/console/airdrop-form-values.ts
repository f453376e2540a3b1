import { airdropMessages, MAX_AIRDROP_LIST, ZAirdropRequest } from '@cypher/contract';
import { z } from 'zod';
import { formThenRequest } from './form-values.ts';
import { emptyGrant, grantFieldOf, grantFormSchema, toGrantRequest } from './grant-form-values.ts';
import { parseRecipientList } from './recipient-list.ts';

/**
 * The airdrop form. Its fields carry the request's names (`grant.count`, `audience.passId`) apart from the list of
 * people, typed as text (`audience.recipients`) and sent as the request's `emails` and `userIds`. A first pass checks
 * what was typed, in words (which lines are neither an address nor a user id); the values then become the request and
 * go through the contract's schema.
 */

const messages = {
  pass: 'Choose the pass whose holders receive it.',
} as const;

/** "Line 3 is not …" or "Lines 3, 7 and 9 are not …", naming at most five. */
function notRecipientsMessage(lines: number[]): string {
  if (lines.length === 1) return `Line ${lines[0]} is not an email address or a user id.`;
  const shown = lines.slice(0, 5);
  const more = lines.length - shown.length;
  const named =
    more > 0 ? `${shown.join(', ')} and ${more} more` : `${shown.slice(0, -1).join(', ')} and ${shown.at(-1)}`;
  return `Lines ${named} are not email addresses or user ids.`;
}

const ZAudienceForm = z
  .object({
    kind: z.enum(['PEOPLE', 'PASS_HOLDERS']),
    /** Email addresses and user ids, one per line (commas also split). */
    recipients: z.string(),
    passId: z.string().nullable(),
  })
  .superRefine((audience, context) => {
    if (audience.kind === 'PASS_HOLDERS') {
      if (!audience.passId) context.addIssue({ code: 'custom', path: ['passId'], message: messages.pass });
      return;
    }
    const list = parseRecipientList(audience.recipients);
    const refuse = (message: string) => context.addIssue({ code: 'custom', path: ['recipients'], message });
    const count = list.emails.length + list.userIds.length;
    if (list.invalid.length > 0) refuse(notRecipientsMessage(list.invalid.map((entry) => entry.line)));
    else if (count < 1 || count > MAX_AIRDROP_LIST) refuse(airdropMessages.list);
  });

function airdropFormShape(cypDecimals: number | undefined) {
  return z.object({
    name: ZAirdropRequest.shape.name,
    grant: grantFormSchema(cypDecimals),
    audience: ZAudienceForm,
  });
}

type TAirdropFormShape = z.output<ReturnType<typeof airdropFormShape>>;

function toRequest(values: TAirdropFormShape): z.input<typeof ZAirdropRequest> {
  const { audience } = values;
  if (audience.kind === 'PASS_HOLDERS') {
    return {
      name: values.name,
      grant: toGrantRequest(values.grant),
      audience: { kind: 'PASS_HOLDERS', passId: audience.passId ?? '' },
    };
  }
  const list = parseRecipientList(audience.recipients);
  return {
    name: values.name,
    grant: toGrantRequest(values.grant),
    audience: { kind: 'PEOPLE', emails: list.emails, userIds: list.userIds },
  };
}

/** The form's schema, for the CYP unit's decimals (a credit is typed in CYP and sent in minor units). */
export function airdropFormSchema(cypDecimals: number | undefined) {
  return formThenRequest(airdropFormShape(cypDecimals), toRequest, ZAirdropRequest);
}

export type TAirdropFormValues = z.input<ReturnType<typeof airdropFormSchema>>;

export function emptyAirdrop(): TAirdropFormValues {
  return { name: '', grant: emptyGrant(), audience: { kind: 'PEOPLE', recipients: '', passId: null } };
}

/**
 * Where one of the API's field details belongs: a grant's under that field of the grant; the people it could not find
 * (`audience`, `audience.emails`, `audience.userIds`) under the list; the pass under its picker.
 */
export function airdropFieldOf(field: string): string | undefined {
  if (field === 'name') return field;
  if (field === 'audience.passId') return field;
  if (/^audience(\.(emails|userIds)(\.\d+)?)?$/.test(field)) return 'audience.recipients';
  const grant = /^grant(?:\.(.+))?$/.exec(field);
  return grant ? grantFieldOf('grant', grant[1]) : undefined;
}
