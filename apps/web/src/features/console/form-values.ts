import type { z } from 'zod';

/** Form fields hold text: a null from the API shows as an empty box (the contract reads '' back as null). */
export function text(value: string | null | undefined): string {
  return value ?? '';
}

/**
 * What an edit actually changed: each field of the validated form compared with the same form as it was loaded
 * (validated the same way, so '' and null, or "  x" and "x", do not count as changes). A PATCH carries only these,
 * so it never resets what the person did not touch, nor sends what they may not change.
 */
export function changedFields<TOutput extends Record<string, unknown>>(
  schema: z.ZodType<TOutput>,
  output: TOutput,
  loaded: unknown,
  readOnlyKeys: readonly string[] = [],
): Partial<TOutput> {
  const parsed = schema.safeParse(loaded);
  const baseline = (parsed.success ? parsed.data : loaded) as Record<string, unknown>;
  return Object.fromEntries(
    Object.entries(output).filter(
      ([key, value]) => !readOnlyKeys.includes(key) && JSON.stringify(value) !== JSON.stringify(baseline[key]),
    ),
  ) as Partial<TOutput>;
}

/** `<input type="number">` -> number, or null when left empty (for optional numbers such as the edition size). */
export function numberOrNull(value: unknown): number | null {
  if (value === '' || value === null || value === undefined) return null;
  return typeof value === 'number' ? value : Number(value);
}

/** A select whose first option is "None": '' means null. */
export function idOrNull(value: unknown): string | null {
  return value === '' || value === undefined || value === null ? null : String(value);
}
