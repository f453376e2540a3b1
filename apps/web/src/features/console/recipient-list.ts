import { ZEmail } from '@cypher/contract';
import { z } from 'zod';
import { emailEntries } from './email-list.ts';

const ZUserId = z.uuid();

interface TRecipientList {
  /** Addresses, lowercased, each once, in the order first met. */
  emails: string[];
  /** User ids, lowercased, each once. */
  userIds: string[];
  /** Entries that are neither, with their line, so the operator can find and fix them. */
  invalid: { line: number; value: string }[];
  /** Entries that repeat an earlier one (they count once). */
  repeatedCount: number;
}

/**
 * The people an airdrop names, pasted or uploaded: one per line (commas, semicolons and tabs also split), each an
 * email address or a user id; a spreadsheet's email column is read as for a whitelist (email-list.ts). An address is
 * an admin's to name (the API refuses a brand's manager one: RECIPIENT_EMAIL_ADMIN_ONLY), so without
 * `isEmailAllowed` an address is a line to fix like any other that is not a user id.
 */
export function parseRecipientList(text: string, { isEmailAllowed }: { isEmailAllowed: boolean }): TRecipientList {
  const emails = new Set<string>();
  const userIds = new Set<string>();
  const invalid: TRecipientList['invalid'] = [];
  let repeatedCount = 0;
  for (const entry of emailEntries(text)) {
    const id = ZUserId.safeParse(entry.value.toLowerCase());
    const email = id.success || !isEmailAllowed ? undefined : ZEmail.safeParse(entry.value);
    const [seen, value] = id.success
      ? [userIds, id.data]
      : email?.success
        ? [emails, email.data.toLowerCase()]
        : [undefined, undefined];
    if (!seen || value === undefined) invalid.push(entry);
    else if (seen.has(value)) repeatedCount += 1;
    else seen.add(value);
  }
  return { emails: [...emails], userIds: [...userIds], invalid, repeatedCount };
}
