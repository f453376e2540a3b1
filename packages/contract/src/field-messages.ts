import { z } from 'zod';

/** A field left empty, where the schema names no message of its own. */
export const requiredFieldMessage = 'This field is required.';

/**
 * The words for a length or a presence check that a schema states without a message (`z.string().max(100)`), so a
 * person never reads zod's own ("Too big: expected string to have <=100 characters"). A message a schema gives wins
 * over these (zod asks this map last); anything else keeps zod's default, and numbers are left to their schemas,
 * which often count minor units that a form shows as dollars.
 */
export function fieldMessageOf(issue: z.core.$ZodRawIssue): string | undefined {
  if (issue.code === 'invalid_type' && issue.input === undefined) return requiredFieldMessage;
  if (issue.code === 'too_big' && issue.origin === 'string') return `Use at most ${issue.maximum} characters.`;
  if (issue.code === 'too_small' && issue.origin === 'string') {
    return Number(issue.minimum) <= 1 ? requiredFieldMessage : `Use at least ${issue.minimum} characters.`;
  }
  if (issue.code === 'too_big' && issue.origin === 'array') return `Choose at most ${issue.maximum}.`;
  if (issue.code === 'too_small' && issue.origin === 'array') {
    return Number(issue.minimum) <= 1 ? 'Choose at least one.' : `Choose at least ${issue.minimum}.`;
  }
  return undefined;
}

/**
 * Makes fieldMessageOf zod's fallback in this process or page: the API calls it once before it serves (its 400s list
 * each field's message), the web app once when it boots (every form's resolver).
 */
export function installFieldMessages(): void {
  z.config({ customError: fieldMessageOf });
}
