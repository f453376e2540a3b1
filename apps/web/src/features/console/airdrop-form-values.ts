import { airdropMessages, MAX_AIRDROP_LIST, ZAirdropRequest } from '@cypher/contract';
import { z } from 'zod';
import { formThenRequest } from './form-values.ts';
import { emptyGrant, grantFieldOf, grantFormSchema, toGrantRequest } from './grant-form-values.ts';
import { parseRecipientList } from './recipient-list.ts';

/**
 * The airdrop form. Its fields carry the request's names (`grant.count`, `audience.passId`) apart from the list of
 * people, typed as text (`audience.recipients`) and sent as the request's `emails` and `userIds`. A first pass checks
 * what was typed, in words (which lines are neither an address nor a user id); the values then become the request and
 * go through the contract's schema. Only an admin lists people by email address (the API refuses a brand's manager
 * one): for a manager the list is of user ids, and an address is a line to fix.
 */

const messages = {
  pass: 'Choose the pass whose holders receive it.',
} as const;

/** "Line 3 is not …" or "Lines 3, 7 and 9 are not …", naming at most five. */
function notRecipientsMessage(lines: number[], isEmailAllowed: boolean): string {
  const [one, many] = isEmailAllowed
    ? ['an email address or a user id', 'email addresses or user ids']
    : ['a user id', 'user ids'];
  if (lines.length === 1) return `Line ${lines[0]} is not ${one}.`;
  const shown = lines.slice(0, 5);
  const more = lines.length - shown.length;
  const named =
    more > 0 ? `${shown.join(', ')} and ${more} more` : `${shown.slice(0, -1).join(', ')} and ${shown.at(-1)}`;
  return `Lines ${named} are not ${many}.`;
}

/** Who may list people by email address: an admin only. */
interface TAudienceRules {
  isEmailAllowed: boolean;
}

const audienceFormSchema = ({ isEmailAllowed }: TAudienceRules) =>
  z
    .object({
      kind: z.enum(['PEOPLE', 'PASS_HOLDERS']),
      /** Email addresses (an admin's only) and user ids, one per line (commas also split). */
      recipients: z.string(),
      passId: z.string().nullable(),
    })
    .superRefine((audience, context) => {
      if (audience.kind === 'PASS_HOLDERS') {
        if (!audience.passId) context.addIssue({ code: 'custom', path: ['passId'], message: messages.pass });
        return;
      }
      const list = parseRecipientList(audience.recipients, { isEmailAllowed });
      const refuse = (message: string) => context.addIssue({ code: 'custom', path: ['recipients'], message });
      const count = list.emails.length + list.userIds.length;
      const wrongLines = list.invalid.map((entry) => entry.line);
      if (wrongLines.length > 0) refuse(notRecipientsMessage(wrongLines, isEmailAllowed));
      else if (count < 1 || count > MAX_AIRDROP_LIST)
        refuse(isEmailAllowed ? airdropMessages.list : airdropMessages.listByUserId);
    });

function airdropFormShape(cypDecimals: number | undefined, rules: TAudienceRules) {
  return z.object({
    name: ZAirdropRequest.shape.name,
    grant: grantFormSchema(cypDecimals),
    audience: audienceFormSchema(rules),
  });
}

type TAirdropFormShape = z.output<ReturnType<typeof airdropFormShape>>;

function toRequest(values: TAirdropFormShape, rules: TAudienceRules): z.input<typeof ZAirdropRequest> {
  const { audience } = values;
  if (audience.kind === 'PASS_HOLDERS') {
    return {
      name: values.name,
      grant: toGrantRequest(values.grant),
      audience: { kind: 'PASS_HOLDERS', passId: audience.passId ?? '' },
    };
  }
  const list = parseRecipientList(audience.recipients, rules);
  return {
    name: values.name,
    grant: toGrantRequest(values.grant),
    audience: { kind: 'PEOPLE', emails: list.emails, userIds: list.userIds },
  };
}

/**
 * The form's schema, for the CYP unit's decimals (a credit is typed in CYP and sent in minor units) and for who fills
 * it in (an admin may list email addresses).
 */
export function airdropFormSchema(cypDecimals: number | undefined, rules: TAudienceRules) {
  return formThenRequest(airdropFormShape(cypDecimals, rules), (values) => toRequest(values, rules), ZAirdropRequest);
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
