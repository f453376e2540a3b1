import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { ZCreateFigureBaseRequest } from './figure-bases.ts';
import { ZConsoleFusionRequest } from './fusions.ts';
import { catalogMessages } from './catalog.ts';
import { invisibleCharactersMessage } from './invisible-characters.ts';
import { ZCreatePassRequest } from './passes.ts';
import { ZCreateTicketKindRequest } from './tickets.ts';

/** The messages `schema` gives for `body` at `path` (the other fields may be missing: only this one is asked). */
function messagesAt(schema: z.ZodType, body: object, path: (string | number)[]): string[] {
  const issues = schema.safeParse(body).error?.issues ?? [];
  return issues.filter((issue) => issue.path.join('.') === path.join('.')).map((issue) => issue.message);
}

// Session 79's hunt: a pass named "Neon Season\u200B Pass" was taken beside "Neon Season Pass", and texts collectors
// read beside names (benefits, slot names, what a ticket is for) took invisible and direction-control characters.
describe('texts collectors read beside names', () => {
  it('hold no invisible or direction-control character', () => {
    expect(messagesAt(ZCreatePassRequest, { name: 'Neon Season\u200B Pass' }, ['name'])).toEqual([
      catalogMessages.nameInvisible,
    ]);
    expect(messagesAt(ZCreatePassRequest, { benefits: ['Early \u202Eaccess'] }, ['benefits', 0])).toEqual([
      invisibleCharactersMessage,
    ]);
    expect(messagesAt(ZCreateFigureBaseRequest, { slots: [{ name: 'Le\u200Bft' }] }, ['slots', 0, 'name'])).toEqual([
      invisibleCharactersMessage,
    ]);
    expect(messagesAt(ZConsoleFusionRequest, { slots: [{ name: 'Squ\u00ADire' }] }, ['slots', 0, 'name'])).toEqual([
      invisibleCharactersMessage,
    ]);
    expect(messagesAt(ZCreateTicketKindRequest, { usedFor: 'Raffle\u2066 rounds' }, ['usedFor'])).toEqual([
      invisibleCharactersMessage,
    ]);
  });

  it('take the same texts without them, an emoji sequence whole', () => {
    expect(messagesAt(ZCreatePassRequest, { name: 'Neon Season Pass \u{1F468}\u200D\u{1F469}' }, ['name'])).toEqual([]);
    expect(messagesAt(ZCreateTicketKindRequest, { usedFor: 'Enter raffle rounds' }, ['usedFor'])).toEqual([]);
  });
});
