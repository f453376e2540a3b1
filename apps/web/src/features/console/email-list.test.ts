import { dropMessages, ZDropWhitelistRequest } from '@cypher/contract';
import { describe, expect, it } from 'vitest';
import { emailListText, isPlainText, parseEmailList } from './email-list.ts';

describe('parseEmailList', () => {
  it('reads one address per line and commas within a line, trimmed, lowercased and each once', () => {
    const list = parseEmailList(
      ' Ada@Example.com \nbob@example.com, cy@example.com;dee@example.com\n\nADA@example.com\n',
    );
    expect(list.emails).toEqual(['ada@example.com', 'bob@example.com', 'cy@example.com', 'dee@example.com']);
    expect(list.repeatedCount).toBe(1);
    expect(list.invalid).toEqual([]);
  });

  it('points out the lines that are not addresses, by line number', () => {
    const list = parseEmailList('ada@example.com\nbob@\n\nnot an address, cy@example.com\n"eve@example.com"');
    expect(list.emails).toEqual(['ada@example.com', 'cy@example.com', 'eve@example.com']);
    expect(list.invalid).toEqual([
      { line: 2, value: 'bob@' },
      { line: 4, value: 'not an address' },
    ]);
  });

  it('agrees with the contract: what it keeps, the API accepts', () => {
    const list = parseEmailList('ada@example.com\nBOB@EXAMPLE.COM\nx@y\nfoo@bar.baz');
    expect(ZDropWhitelistRequest.safeParse({ name: 'Fans', emails: list.emails }).success).toBe(true);
    for (const { value } of list.invalid) {
      const refused = ZDropWhitelistRequest.safeParse({ name: 'Fans', emails: [value] });
      expect(refused.error?.issues[0]?.message).toBe(dropMessages.email);
    }
  });

  it('reads a spreadsheet’s email column on its own, after its header', () => {
    const csv = 'Name,Email,Joined\r\nAda,ada@example.com,2026\r\n"Lovelace, B",bob@example.com,2025\r\nCy,,2024\r\n';
    expect(parseEmailList(csv)).toEqual({
      emails: ['ada@example.com', 'bob@example.com'],
      invalid: [],
      repeatedCount: 0,
    });
    expect(parseEmailList('Name,Email\nAda,ada@example.com\nCy,cy@example').invalid).toEqual([
      { line: 3, value: 'cy@example' },
    ]);
    expect(parseEmailList('email\nada@example.com\nbob@example.com').emails).toEqual([
      'ada@example.com',
      'bob@example.com',
    ]);
  });
});

describe('emailListText', () => {
  it('puts an uploaded file one entry a line, keeping wrong entries so they can be fixed', () => {
    expect(emailListText('email,name\nada@example.com,Ada\nbob@,Bob\n')).toBe('ada@example.com\nbob@');
    expect(emailListText('ada@example.com, bob@example.com\r\ncy@example.com')).toBe(
      'ada@example.com\nbob@example.com\ncy@example.com',
    );
  });
});

describe('isPlainText', () => {
  it('takes a list, and refuses what a picture or a spreadsheet reads as', () => {
    expect(isPlainText('ana@example.com\nben@example.com\n')).toBe(true);
    expect(isPlainText('Zoë <zoë@example.com>, 東京\n')).toBe(true);
    expect(isPlainText('\u0089PNG\r\n\u001a\n\u0000\u0000\u0000\rIHDR')).toBe(false);
    expect(isPlainText(new TextDecoder().decode(new Uint8Array([0x50, 0x4b, 0xff, 0xfe, 0x41])))).toBe(false);
  });
});
