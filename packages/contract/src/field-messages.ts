import { z } from 'zod';
import { formatNumber } from './money-format.ts';

/** A field left empty, where the schema names no message of its own. */
export const requiredFieldMessage = 'This field is required.';

/** What each format zod checks is called when a value is not one: "This is not a valid id." */
const formatNames: Partial<Record<string, string>> = {
  uuid: 'id',
  guid: 'id',
  email: 'email address',
  url: 'web address',
  datetime: 'date and time',
  date: 'date',
};

/** What a value of the wrong kind is told, by the kind expected (zod's own: "Invalid input: expected object, received Infinity"). */
const typeMessages: Partial<Record<string, string>> = {
  int: 'Enter a whole number.',
  number: 'Enter a number.',
  bigint: 'Enter a whole number.',
  string: 'Enter text.',
  boolean: 'Answer true or false.',
  array: 'Send a list here.',
  object: 'Send an object with this part’s fields here.',
};

/** A length bound as people read counts: 5000 -> "5,000" (DESIGN.md "Numbers"). */
const countOf = (bound: number | bigint) => formatNumber(Number(bound));

/** Checks on numbers: `int` is what zod names the safe-integer bound of `.int()` (it said "<=9007199254740991"). */
const isNumberOrigin = (origin: unknown) => origin === 'number' || origin === 'int' || origin === 'bigint';

/**
 * The words for a check that a schema states without a message (`z.string().max(100)`, `z.enum([...])`), so a person
 * never reads zod's own ("Too big: expected string to have <=100 characters", "Invalid option: expected one of…"). A
 * message a schema gives wins over these (zod asks this map last). A number's bounds are not named: many count minor
 * units that a form shows as dollars, so "at most 100000" could mislead; schemas whose bound a person needs say it
 * themselves (an order's quantity, a page's size).
 */
export function fieldMessageOf(issue: z.core.$ZodRawIssue): string | undefined {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined) return requiredFieldMessage;
      return typeMessages[issue.expected];
    case 'too_big':
      if (issue.origin === 'string') return `Use at most ${countOf(issue.maximum)} characters.`;
      if (issue.origin === 'array') return `Choose at most ${countOf(issue.maximum)}.`;
      if (isNumberOrigin(issue.origin)) return 'This number is too large.';
      return undefined;
    case 'too_small':
      if (issue.origin === 'string') {
        return Number(issue.minimum) <= 1 ? requiredFieldMessage : `Use at least ${countOf(issue.minimum)} characters.`;
      }
      if (issue.origin === 'array') {
        return Number(issue.minimum) <= 1 ? 'Choose at least one.' : `Choose at least ${countOf(issue.minimum)}.`;
      }
      if (isNumberOrigin(issue.origin)) return 'This number is too small.';
      return undefined;
    case 'invalid_value':
      if (issue.values.length === 1) return 'This value is not accepted here.';
      return issue.values.length <= 8
        ? `Choose one of: ${issue.values.map(String).join(', ')}.`
        : 'Choose one of the options offered.';
    case 'invalid_union':
      // A discriminated union told a value it does not know: `method: "WIRE"` where it takes wire or usdc.
      if (Array.isArray(issue.options) && issue.options.length > 0) {
        return `Choose one of: ${issue.options.map(String).join(', ')}.`;
      }
      return issue.inclusive === false ? 'Send only one of these.' : undefined;
    case 'invalid_format': {
      if (issue.format === 'regex') return 'This is not in the expected form.';
      const name = formatNames[issue.format];
      return name ? `This is not a valid ${name}.` : undefined;
    }
    default:
      return undefined;
  }
}

/**
 * Makes fieldMessageOf zod's fallback in this process or page: the API calls it once before it serves (its 400s list
 * each field's message), the web app once when it boots (every form's resolver).
 */
export function installFieldMessages(): void {
  z.config({ customError: fieldMessageOf });
}
