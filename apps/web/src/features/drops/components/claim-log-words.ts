import { formatCount } from '../../../lib/format.ts';

/** "1 claim logged", "1,204 claims logged": the head's length as the facts say it. */
export function claimsLoggedText(length: number): string {
  return `${formatCount(length)} ${length === 1 ? 'claim' : 'claims'} logged`;
}

/** "#3", "#3 and #7", "#3, #7 and #12" */
function numbersText(numbers: readonly number[]): string {
  const each = numbers.map((number) => `#${formatCount(number)}`);
  return each.length <= 1 ? (each[0] ?? '') : `${each.slice(0, -1).join(', ')} and ${each.at(-1)!}`;
}

/** "pack #3", "packs #3 and #7", "no pack" */
export function packsText(numbers: readonly number[]): string {
  if (numbers.length === 0) return 'no pack';
  return `${numbers.length === 1 ? 'pack' : 'packs'} ${numbersText(numbers)}`;
}
