import { get, set, type FieldValues, type Resolver } from 'react-hook-form';
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

/**
 * A console form's schema: the typed values' own checks (`shape`), then the contract's rules on the request they make
 * (`toRequest`, then `request`). The rules that relate fields (times in order, rounds inside the drop, contents
 * filling the packs) would otherwise run only once every field is valid, so a second submit would bring news the
 * first could have told. With a field wrong they run too, on the request the values make as they are, and add what
 * they say about anything not already told under its own field. The request's own field checks repeat the shape's,
 * so only its rules (custom issues) are taken.
 */
export function formThenRequest<TShape extends z.ZodObject, TRequest extends object, TOutput>(
  shape: TShape,
  toRequest: (values: z.output<TShape>) => TRequest,
  request: z.ZodType<TOutput, TRequest>,
) {
  return shape
    .superRefine(
      (values, context) => {
        const told = context.issues.map((issue) => (issue.path ?? []).join('.'));
        const isTold = (path: string) => told.some((field) => path === field || path.startsWith(`${field}.`));
        let rules: z.ZodSafeParseResult<TOutput>;
        try {
          rules = request.safeParse(toRequest(values));
        } catch {
          return; // values too far from the form's to make a request of: the field errors say enough
        }
        for (const issue of rules.error?.issues ?? []) {
          if (issue.code !== 'custom' || isTold(issue.path.join('.'))) continue;
          context.addIssue({ code: 'custom', path: issue.path, message: issue.message });
        }
      },
      // Only with a field wrong: with every field right, the pipe below runs the request's schema once, as before.
      { when: (payload) => payload.issues.length > 0 },
    )
    .transform(toRequest)
    .pipe(request as z.ZodType<TOutput, Awaited<TRequest>>);
}

/** A rule's finding on the values as typed: the field it is about (`rounds.0.saleBeginAt`) and its words. */
export interface TFormRuleIssue {
  path: readonly (string | number)[];
  message: string;
}

/**
 * `resolver`, and when it finds a field wrong, `rules` on the values as typed, each finding shown under its field
 * unless that field (or what holds it) already says something. The schema's own rules on several fields stop as soon as
 * a check does that stops at once (a number that is not whole), so a first save told only the fields and a second one
 * the rules (session 78's console hunt: a drop ending before it begins went untold beside a price of 12.345).
 */
export function withRules<TValues extends FieldValues, TContext, TOutput>(
  resolver: Resolver<TValues, TContext, TOutput>,
  rules: (values: TValues) => readonly TFormRuleIssue[],
): Resolver<TValues, TContext, TOutput> {
  return async (values, context, options) => {
    const result = await resolver(values, context, options);
    if (Object.keys(result.errors).length === 0) return result;
    const errors = result.errors;
    for (const { path, message } of rules(values)) {
      // Told already: the field itself, or what holds it said something of its own (a round's own error). What holds
      // it merely holding other fields' errors (`rounds` with round 2's price) tells nothing about this one.
      const isTold = path.some((_, index) => {
        const at: unknown = get(errors, path.slice(0, index + 1).join('.'));
        return index === path.length - 1
          ? at !== undefined
          : typeof (at as { message?: unknown })?.message === 'string';
      });
      if (!isTold) set(errors, path.join('.'), { type: 'custom', message });
    }
    return { values: {}, errors };
  };
}
