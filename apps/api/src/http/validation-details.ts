import type { TFieldError } from '@cypher/contract';

/** One of fastify-type-provider-zod's validation items: a zod issue, its path as an instance path. */
export interface TValidationItem {
  keyword?: string;
  instancePath: string;
  message?: string;
  params?: { keys?: unknown; errors?: unknown };
}

/** A finished zod issue, as a union lists its options' issues (their paths relative to the union). */
interface TIssue {
  code: string;
  path: PropertyKey[];
  message: string;
  keys?: string[];
  errors?: TIssue[][];
}

const UNKNOWN_FIELD = 'This field is not taken here.';
const REPEATED_PARAMETER = 'Send this parameter once.';

/**
 * A request's validation failures as field errors a person can act on. A union that no option matched names its
 * closest option's fields (the one with the fewest complaints: an order naming a drop with a quantity of "2" is
 * told about the quantity, not "body: Invalid input"); a key the schema does not take is named as the field; the same
 * words for the same field are said once (1e308 broke two of a quantity's rules, in one message). A query parameter
 * sent twice (`?dropId=a&dropId=b` arrives as a list) is told so, not "Enter text.".
 */
export function validationDetails(
  items: readonly TValidationItem[],
  context: string | undefined,
  sent?: unknown,
): TFieldError[] {
  const details = items.flatMap((item) => {
    const at = item.instancePath.replace(/^\//, '').split('/').filter(Boolean);
    return detailsOf(
      { code: item.keyword ?? '', path: at, message: item.message ?? 'Invalid value', ...(item.params as object) },
      [],
      context,
    ).map((detail) =>
      isRepeatedParameter(detail.field, context, sent) ? { ...detail, message: REPEATED_PARAMETER } : detail,
    );
  });
  const seen = new Set<string>();
  return details.filter((detail) => {
    const key = `${detail.field}\u0000${detail.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

function detailsOf(issue: TIssue, prefix: PropertyKey[], context: string | undefined): TFieldError[] {
  const path = [...prefix, ...issue.path];
  if (issue.code === 'invalid_union' && Array.isArray(issue.errors) && issue.errors.length > 0) {
    const closest = [...issue.errors].sort((x, y) => weight(x) - weight(y))[0]!;
    if (closest.length > 0) return closest.flatMap((inner) => detailsOf(inner, path, context));
  }
  if (issue.code === 'unrecognized_keys' && Array.isArray(issue.keys) && issue.keys.length > 0) {
    return issue.keys.map((key) => ({ field: fieldName([...path, key], context), message: UNKNOWN_FIELD }));
  }
  return [{ field: fieldName(path, context), message: issue.message }];
}

function isRepeatedParameter(field: string, context: string | undefined, sent: unknown): boolean {
  if (context !== 'querystring' || typeof sent !== 'object' || sent === null) return false;
  return Array.isArray((sent as Record<string, unknown>)[field]);
}

/** How far an option is from what was sent: each complaint counts, a key it does not take counts once per key. */
function weight(issues: readonly TIssue[]): number {
  return issues.reduce((sum, issue) => sum + (issue.code === 'unrecognized_keys' ? (issue.keys?.length ?? 1) : 1), 0);
}

function fieldName(path: readonly PropertyKey[], context: string | undefined): string {
  return path.map(String).join('.') || context || 'body';
}
