import { dropMessages } from '@cypher/contract';
import { describe, expect, it } from 'vitest';
import { consoleDrop, consoleDropIds, dropRequest } from '../../test/console-drops-fixtures.ts';
import { dollarsToCents, dropFormValues, usdPrice, ZDropForm } from './drop-form-values.ts';

describe('dollarsToCents', () => {
  it.each([
    ['12.50', 1250],
    ['12.5', 1250],
    ['$12', 1200],
    [' 1,000.00 ', 100_000],
    ['.99', 99],
    ['0.01', 1],
  ])('reads %s as %i cents', (text, cents) => expect(dollarsToCents(text)).toBe(cents));

  it.each(['', '12.505', 'twelve', '-1', '1.2.3'])('refuses %j', (text) => expect(dollarsToCents(text)).toBeNull());
});

describe('a price box', () => {
  const price = usdPrice(1_000_000, 'Enter a price in dollars, from 0.01 to 10,000.00 (for example 12.50).');
  const messageOf = (text: string) => price.safeParse(text).error?.issues[0]?.message;

  // Console walk of session 45: "12.505" was told the range it is inside.
  it.each(['12.505', '0.004'])('tells %j that a price has at most two decimals', (text) =>
    expect(messageOf(text)).toBe('Enter the price in dollars and cents: at most two decimals, for example 12.50.'),
  );
  it.each(['', '-5', '0', '10,000.01'])('tells %j the range', (text) =>
    expect(messageOf(text)).toBe('Enter a price in dollars, from 0.01 to 10,000.00 (for example 12.50).'),
  );
  // Session 72's console hunt: "12." was told the range it is inside.
  it.each(['12.', 'twelve', '5,00', '1.2.3'])('tells %j how a price is written', (text) =>
    expect(messageOf(text)).toBe('Enter the price as digits in dollars and cents, for example 12.50.'),
  );
  it.each(['0.01', '$12.50', '10,000'])('takes %j', (text) => expect(messageOf(text)).toBeUndefined());
});

describe('the drop form', () => {
  // Console walk of session 45: the times' rules were told only on a second submit, once every field was valid.
  it('tells the rules that relate fields on the first submit, with the field errors', () => {
    const values = dropFormValues(consoleDrop(consoleDropIds.upcoming, dropRequest()));
    const wrong = {
      ...values,
      dropEndAt: '2020-01-01T00:00:00.000Z',
      rounds: values.rounds.map((round, index) => (index === 0 ? { ...round, price: '-5' } : round)),
    };
    const issues = ZDropForm.safeParse(wrong).error?.issues.map((issue) => [issue.path.join('.'), issue.message]);
    expect(issues).toEqual([
      ['rounds.0.price', 'Enter a price in dollars, from 0.01 to 10,000.00 (for example 12.50).'],
      ['dropBeginAt', dropMessages.times],
      ['rounds.0.saleBeginAt', dropMessages.roundTimes],
      ['rounds.1.saleBeginAt', dropMessages.roundTimes],
    ]);
    // With every field right, the rules are told once, as before.
    const fieldsRight = ZDropForm.safeParse({ ...values, dropEndAt: '2020-01-01T00:00:00.000Z' });
    expect(fieldsRight.error?.issues.map((issue) => issue.path.join('.'))).toEqual([
      'dropBeginAt',
      'rounds.0.saleBeginAt',
      'rounds.1.saleBeginAt',
    ]);
  });

  it('gives back the request a saved draft was made from (prices in cents, whitelists as lists, rounds numbered)', () => {
    const request = dropRequest();
    const values = dropFormValues(consoleDrop(consoleDropIds.upcoming, request));
    expect(values.rounds[0]?.price).toBe('12.50');
    expect(values.rounds[1]?.whitelist.emails).toBe('ada@example.com\nbob@example.com');
    expect(ZDropForm.parse(values)).toEqual(request);
  });

  it('keeps a holders-only round and a guarantee round: the pass chosen goes out as its id, and comes back selected', () => {
    const passId = '0190a0b0-0000-7000-8000-0000000aa001';
    const base = dropRequest();
    const guarantee = { passId, packsPerHolder: 2, minutes: 45 };
    const request = {
      ...base,
      rounds: [
        { ...base.rounds[0]!, requiredPassId: passId },
        { ...base.rounds[1]!, passGuarantee: guarantee },
      ],
    };
    const values = dropFormValues(consoleDrop(consoleDropIds.upcoming, request));
    expect(values.rounds.map((round) => round.passAccess)).toEqual([`only:${passId}`, `guarantee:${passId}`]);
    expect(values.rounds[1]).toMatchObject({ packsPerHolder: 2, guaranteeMinutes: 45 });
    const sent = ZDropForm.parse(values).rounds;
    expect(sent.map((round) => [round.requiredPassId, round.passGuarantee])).toEqual([
      [passId, null],
      [null, guarantee],
    ]);
  });

  it('asks for a share and a time for a guarantee, in the contract’s words', () => {
    const values = dropFormValues(consoleDrop(consoleDropIds.upcoming, dropRequest()));
    const round = { ...values.rounds[0]!, passAccess: 'guarantee:0190a0b0-0000-7000-8000-0000000aa001' };
    const refused = ZDropForm.safeParse({
      ...values,
      rounds: [{ ...round, packsPerHolder: 0, guaranteeMinutes: null }, values.rounds[1]!],
    });
    expect(refused.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['rounds.0.packsPerHolder', dropMessages.packsPerHolder],
      ['rounds.0.guaranteeMinutes', dropMessages.guaranteeMinutes],
    ]);
  });

  it('says in words what is missing, and the contract’s rules once what was typed is whole', () => {
    const empty = ZDropForm.safeParse(dropFormValues(undefined));
    expect(empty.error?.issues.map((issue) => issue.path.join('.'))).toEqual([
      'brandId',
      'name',
      'imageUrl',
      'visibleAt',
      'dropBeginAt',
      'dropEndAt',
      'editionsPerPack',
      'contents',
      'rounds.0.saleBeginAt',
      'rounds.0.saleEndAt',
      'rounds.0.price',
      'rounds.0.packCount',
    ]);

    const values = dropFormValues(consoleDrop(consoleDropIds.upcoming, dropRequest()));
    const reordered = { ...values, visibleAt: values.dropEndAt, contents: values.contents.slice(1) };
    expect(ZDropForm.safeParse(reordered).error?.issues).toEqual([
      expect.objectContaining({ path: ['dropBeginAt'], message: dropMessages.times }),
      expect.objectContaining({ path: ['contents'], message: dropMessages.contentsFill }),
    ]);
  });
});
