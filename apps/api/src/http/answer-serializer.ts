import type { FastifySerializerCompiler } from 'fastify';
import { InvalidSchemaError, ResponseSerializationError } from 'fastify-type-provider-zod';
import { $ZodType, safeEncode, safeParse } from 'zod/v4/core';

/*
 * Every answer is checked against its route's response schema before it is written: a field the schema does not
 * name is stripped (no row's extra column reaches a client) and a wrong shape is a 500, not a silent lie. The Zod
 * provider's own serializer checks by encoding, which for every schema with checks runs a second "canary" pass (Zod
 * reverses codecs and transforms when encoding, so it must first see which branch applies). Our answers hold no
 * codecs, transforms or defaults, and for such a schema parsing gives the same result as encoding at about a third of
 * the cost (a page of My Collection: 16 against 59 µs, the `collection` bench). A schema that does hold one of
 * them is still encoded, so the result never differs (answer-serializer.test.ts).
 */

/** The schema types whose result does not depend on the direction Zod runs them in. */
const sameBothWays = new Set([
  'string',
  'number',
  'int',
  'boolean',
  'bigint',
  'null',
  'undefined',
  'void',
  'never',
  'any',
  'unknown',
  'nan',
  'literal',
  'enum',
  'template_literal',
  'object',
  'array',
  'tuple',
  'union',
  'intersection',
  'record',
  'nullable',
  'optional',
  'readonly',
  'lazy',
]);

interface TSchemaDefinition {
  type: string;
  shape?: Record<string, $ZodType>;
  element?: $ZodType;
  items?: $ZodType[];
  rest?: $ZodType | null;
  options?: $ZodType[];
  left?: $ZodType;
  right?: $ZodType;
  keyType?: $ZodType;
  valueType?: $ZodType;
  innerType?: $ZodType;
  getter?: () => $ZodType;
}

/** Whether checking `schema` by parsing gives what encoding would: no part of it runs differently backwards. */
export function parsesAsItEncodes(schema: $ZodType, seen = new Set<$ZodType>()): boolean {
  if (seen.has(schema)) return true;
  seen.add(schema);
  const def = schema._zod.def as unknown as TSchemaDefinition;
  if (!sameBothWays.has(def.type)) return false;
  const parts = [
    ...Object.values(def.shape ?? {}),
    ...(def.items ?? []),
    ...(def.options ?? []),
    def.element,
    def.rest,
    def.left,
    def.right,
    def.keyType,
    def.valueType,
    def.innerType,
    ...(def.type === 'lazy' && def.getter ? [def.getter()] : []),
  ];
  return parts.every((part) => !part || parsesAsItEncodes(part, seen));
}

/** The response serializer: each route's schema is looked at once, when the route is registered. */
export const answerSerializer: FastifySerializerCompiler<unknown> = ({ schema: maybeSchema, method, url }) => {
  const schema = zodSchemaOf(maybeSchema);
  const check = parsesAsItEncodes(schema) ? safeParse : safeEncode;
  return (data: unknown) => {
    const result = check(schema, data);
    if (result.error) throw new ResponseSerializationError(method, url, { cause: result.error });
    return JSON.stringify(result.data);
  };
};

function zodSchemaOf(maybeSchema: unknown): $ZodType {
  if (maybeSchema instanceof $ZodType) return maybeSchema;
  const properties = (maybeSchema as { properties?: unknown }).properties;
  if (properties instanceof $ZodType) return properties;
  throw new InvalidSchemaError(JSON.stringify(maybeSchema));
}
