import { describe, expect, it } from 'vitest';
import { endSession } from '../lib/session.ts';
import { entryKey, leaveEdits, takeLeftEdits } from './edits-left-behind.ts';

describe('edits left behind by a form that goes during its save', () => {
  const key = entryKey('brands', 'b1');
  const sent = { name: 'Neon', tagline: 'Pixels', websiteUrl: '', rounds: [{ price: 100 }] };

  it('hands the next version’s form what was typed since the save, once, where the answer still holds what was sent', () => {
    const values = {
      ...sent,
      tagline: 'Pixels, polished.',
      websiteUrl: 'https://mine.example',
      rounds: [{ price: 150 }],
    };
    leaveEdits(key, 'v1', values, sent);

    // The answer: the save's fields as sent, the website as someone else left it.
    const loaded = { ...sent, websiteUrl: 'https://theirs.example' };
    expect(takeLeftEdits(key, 'v2', loaded).typed).toEqual([
      ['tagline', 'Pixels, polished.'],
      ['rounds', [{ price: 150 }]],
    ]);
    expect(takeLeftEdits(key, 'v2', loaded).typed).toEqual([]);
  });

  it('keeps what was typed as it was then, not as the form changes it in place afterwards', () => {
    const values = { ...sent, rounds: [{ price: 150 }] };
    leaveEdits(key, 'v1', values, sent);
    values.rounds[0]!.price = 999;
    expect(takeLeftEdits(key, 'v2', sent).typed).toEqual([['rounds', [{ price: 150 }]]]);
  });

  it('hands nothing to a form of the version it was left at, nor of another entry, nor when nothing was typed', () => {
    leaveEdits(key, 'v1', { ...sent, tagline: 'Pixels, polished.' }, sent);
    expect(takeLeftEdits(entryKey('brands', 'b2'), 'v2', sent).typed).toEqual([]);
    expect(takeLeftEdits(key, 'v1', sent).typed).toEqual([]);

    leaveEdits(key, 'v1', { ...sent, rounds: [{ price: 100 }] }, sent);
    expect(takeLeftEdits(key, 'v2', sent).typed).toEqual([]);
  });

  // Review, session 68: a sign-out left them for whoever signed in next on the tab.
  it('hands nothing to the next session of the tab', () => {
    leaveEdits(key, 'v1', { ...sent, tagline: 'Pixels, polished.' }, sent);
    endSession();
    expect(takeLeftEdits(key, 'v2', sent).typed).toEqual([]);
  });
});
