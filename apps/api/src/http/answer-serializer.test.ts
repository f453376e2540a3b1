import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ZData, ZMyCollection } from '@cypher/contract';
import { ResponseSerializationError } from 'fastify-type-provider-zod';
import { answerSerializer, parsesAsItEncodes } from './answer-serializer.ts';

const serializerFor = (schema: z.ZodType) =>
  answerSerializer({ schema, method: 'GET', url: '/test', httpStatus: '200' });

describe('the answer serializer', () => {
  it('parses a schema that runs the same both ways, and encodes one with a transform, default or codec anywhere', () => {
    const plain = z.object({
      id: z.uuid(),
      tags: z.array(z.enum(['a', 'b'])),
      owner: z.object({ nickname: z.string().nullable() }).nullable(),
      extra: z.record(z.string(), z.union([z.number(), z.literal('none')])).optional(),
    });
    expect(parsesAsItEncodes(plain)).toBe(true);
    expect(parsesAsItEncodes(ZData(ZMyCollection))).toBe(true);

    const deep = (inner: z.ZodType) => z.object({ items: z.array(z.union([z.object({ value: inner }), z.null()])) });
    expect(parsesAsItEncodes(deep(z.string().transform((value) => value.length)))).toBe(false);
    expect(parsesAsItEncodes(deep(z.string().default('x')))).toBe(false);
    expect(
      parsesAsItEncodes(
        deep(
          z.codec(z.iso.datetime(), z.date(), {
            decode: (text) => new Date(text),
            encode: (date) => date.toISOString(),
          }),
        ),
      ),
    ).toBe(false);
    expect(parsesAsItEncodes(deep(z.string().pipe(z.email())))).toBe(false);

    // A recursive schema is looked at once per part, not forever.
    interface TNode {
      name: string;
      children: TNode[];
    }
    const node: z.ZodType<TNode> = z.lazy(() => z.object({ name: z.string(), children: z.array(node) }));
    expect(parsesAsItEncodes(node)).toBe(true);
  });

  it('strips what the schema does not name and refuses a wrong shape, either way', () => {
    const parsed = serializerFor(z.object({ id: z.string(), owner: z.object({ nickname: z.string() }) }));
    expect(parsed({ id: 'e1', passwordHash: 'secret', owner: { nickname: 'Ana', email: 'ana@example.com' } })).toBe(
      '{"id":"e1","owner":{"nickname":"Ana"}}',
    );
    expect(() => parsed({ id: 1, owner: null })).toThrow(ResponseSerializationError);

    const when = z.codec(z.iso.datetime(), z.date(), {
      decode: (text) => new Date(text),
      encode: (date) => date.toISOString(),
    });
    const encoded = serializerFor(z.object({ at: when, secret: z.never().optional() }).strip());
    expect(encoded({ at: new Date('2026-11-28T12:00:00.000Z'), other: 1 })).toBe('{"at":"2026-11-28T12:00:00.000Z"}');
    expect(() => encoded({ at: 'not a date' })).toThrow(ResponseSerializationError);
  });
});
