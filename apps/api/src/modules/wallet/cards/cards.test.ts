import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activeUser, bearer } from '../../../testing/auth-helpers.ts';
import { createTestApp, type TestApp } from '../../../testing/test-app.ts';
import { savedCards } from './cards.tables.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

function addCard(accessToken: string, cardNumber: string, expYear = 2039, nameOnCard = 'Ada Lovelace') {
  return t.app.inject({
    method: 'POST',
    url: '/v1/cards',
    headers: bearer(accessToken),
    payload: { nameOnCard, cardNumber, expMonth: 12, expYear },
  });
}

describe('/v1/cards', () => {
  it('saves name, brand, last four and expiry only, lists and deletes them per person', async () => {
    const user = await activeUser(t);
    const added = await addCard(user.accessToken, '4242 4242 4242 4242', 2039, '  Ada Lovelace ');
    expect(added.statusCode).toBe(201);
    const card = added.json().data;
    expect(card).toMatchObject({
      nameOnCard: 'Ada Lovelace',
      brand: 'Visa',
      last4: '4242',
      expMonth: 12,
      expYear: 2039,
    });
    expect(JSON.stringify(card)).not.toContain('424242424242');
    const rows = await t.database.db.select().from(savedCards);
    expect(JSON.stringify(rows)).not.toContain('4242424242424242');

    const other = await activeUser(t);
    expect(
      (await t.app.inject({ method: 'GET', url: '/v1/cards', headers: bearer(other.accessToken) })).json().data,
    ).toEqual([]);
    const foreignDelete = await t.app.inject({
      method: 'DELETE',
      url: `/v1/cards/${card.id}`,
      headers: bearer(other.accessToken),
    });
    expect(foreignDelete.statusCode).toBe(404);

    const listed = await t.app.inject({ method: 'GET', url: '/v1/cards', headers: bearer(user.accessToken) });
    expect(listed.json().data.map((c: { id: string }) => c.id)).toEqual([card.id]);
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/v1/cards/${card.id}`,
      headers: bearer(user.accessToken),
    });
    expect(deleted.statusCode).toBe(204);
    expect(
      (await t.app.inject({ method: 'GET', url: '/v1/cards', headers: bearer(user.accessToken) })).json().data,
    ).toEqual([]);
  });

  it('refuses a number that fails the Luhn check with the spec message', async () => {
    const user = await activeUser(t);
    const response = await addCard(user.accessToken, '4242424242424241');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'INVALID_CARD_NUMBER',
      message: 'Invalid credit card number. Please check again',
    });
  });

  it('needs the name as on card, 2 to 100 characters once trimmed', async () => {
    const user = await activeUser(t);
    for (const nameOnCard of [' A ', 'x'.repeat(101)]) {
      const response = await addCard(user.accessToken, '4242424242424242', 2039, nameOnCard);
      expect(response.statusCode).toBe(400);
      expect(response.json().details).toEqual([
        { field: 'nameOnCard', message: 'Please enter the name as it appears on the card (2 to 100 characters).' },
      ]);
    }
    const missing = await t.app.inject({
      method: 'POST',
      url: '/v1/cards',
      headers: bearer(user.accessToken),
      payload: { cardNumber: '4242424242424242', expMonth: 12, expYear: 2039 },
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().details.map((detail: { field: string }) => detail.field)).toEqual(['nameOnCard']);
  });

  it('saves a card once per person, however many saves of it arrive at once', async () => {
    const user = await activeUser(t);
    const saves = await Promise.all(Array.from({ length: 5 }, () => addCard(user.accessToken, '4242424242424242')));
    expect(saves.map((save) => save.statusCode).sort()).toEqual([201, 409, 409, 409, 409]);
    const refused = saves.find((save) => save.statusCode === 409)!;
    expect(refused.json()).toEqual({
      code: 'CARD_ALREADY_SAVED',
      message: 'This card is already saved.',
      details: [{ field: 'cardNumber', message: 'This card is already saved.' }],
    });
    // The same number with a new expiry is the renewed card; someone else may save the same card.
    expect((await addCard(user.accessToken, '4242424242424242', 2040)).statusCode).toBe(201);
    expect((await addCard((await activeUser(t)).accessToken, '4242424242424242')).statusCode).toBe(201);
    const listed = await t.app.inject({ method: 'GET', url: '/v1/cards', headers: bearer(user.accessToken) });
    expect(
      listed
        .json()
        .data.map((card: { expYear: number }) => card.expYear)
        .sort(),
    ).toEqual([2039, 2040]);
  });

  it('refuses an expired card and needs a signed-in person', async () => {
    const user = await activeUser(t);
    expect((await addCard(user.accessToken, '4242424242424242', 2001)).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/v1/cards' })).statusCode).toBe(401);
  });
});

describe('how many a person keeps', () => {
  it('keeps at most ten cards, even when thirteen saves arrive at once; removing one makes room', async () => {
    const user = await activeUser(t);
    const responses = await Promise.all(
      Array.from({ length: 13 }, (_, index) => addCard(user.accessToken, '4242424242424242', 2030 + index)),
    );
    expect(responses.filter((response) => response.statusCode === 201)).toHaveLength(10);
    for (const response of responses.filter((answer) => answer.statusCode !== 201)) {
      expect([response.statusCode, response.json()]).toEqual([
        409,
        { code: 'CARD_LIMIT_REACHED', message: 'You can save up to 10 cards. Remove one to add another.' },
      ]);
    }
    const listed = await t.app.inject({ method: 'GET', url: '/v1/cards', headers: bearer(user.accessToken) });
    expect(listed.json().data).toHaveLength(10);
    // One of the ten, saved again with the list full, is told it is saved already (under its number).
    const savedAlready = (listed.json().data as { expYear: number }[])[0]!.expYear;
    expect((await addCard(user.accessToken, '4242424242424242', savedAlready)).json().code).toBe('CARD_ALREADY_SAVED');
    const [first] = listed.json().data as { id: string }[];
    await t.app.inject({ method: 'DELETE', url: `/v1/cards/${first!.id}`, headers: bearer(user.accessToken) });
    expect((await addCard(user.accessToken, '4242424242424242', 2045)).statusCode).toBe(201);
  });

  it('keeps at most five Tilia payment methods, even when eight saves arrive at once', async () => {
    const user = await activeUser(t);
    const add = (label: string) =>
      t.app.inject({
        method: 'POST',
        url: '/v1/tilia/payment-methods',
        headers: bearer(user.accessToken),
        payload: { type: 'tilia_wallet', label },
      });
    const responses = await Promise.all(Array.from({ length: 8 }, (_, index) => add(`Wallet ${index}`)));
    expect(responses.filter((response) => response.statusCode === 201)).toHaveLength(5);
    for (const response of responses.filter((answer) => answer.statusCode !== 201)) {
      expect([response.statusCode, response.json().code]).toEqual([409, 'TILIA_PAYMENT_METHOD_LIMIT_REACHED']);
    }
    const listed = await t.app.inject({
      method: 'GET',
      url: '/v1/tilia/payment-methods',
      headers: bearer(user.accessToken),
    });
    expect(listed.json().data).toHaveLength(5);
  });
});

describe('/v1/tilia/payment-methods', () => {
  it('adds, lists and deletes per person', async () => {
    const user = await activeUser(t);
    const added = await t.app.inject({
      method: 'POST',
      url: '/v1/tilia/payment-methods',
      headers: bearer(user.accessToken),
      payload: { type: 'tilia_wallet', label: 'My Tilia wallet' },
    });
    expect(added.statusCode).toBe(201);
    const method = added.json().data;
    expect(method).toMatchObject({ type: 'tilia_wallet', label: 'My Tilia wallet' });
    const other = await activeUser(t);
    const foreign = await t.app.inject({
      method: 'DELETE',
      url: `/v1/tilia/payment-methods/${method.id}`,
      headers: bearer(other.accessToken),
    });
    expect(foreign.statusCode).toBe(404);
    const listed = await t.app.inject({
      method: 'GET',
      url: '/v1/tilia/payment-methods',
      headers: bearer(user.accessToken),
    });
    expect(listed.json().data.map((m: { id: string }) => m.id)).toEqual([method.id]);
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/v1/tilia/payment-methods/${method.id}`,
      headers: bearer(user.accessToken),
    });
    expect(deleted.statusCode).toBe(204);
    const after = await t.app.inject({
      method: 'GET',
      url: '/v1/tilia/payment-methods',
      headers: bearer(user.accessToken),
    });
    expect(after.json().data).toEqual([]);
  });
});
