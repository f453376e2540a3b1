import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../../lib/ids.ts';
import { activeUser, bearer } from '../../../testing/auth-helpers.ts';
import { createTestApp, type TestApp } from '../../../testing/test-app.ts';
import { usWireDetails } from '../../../testing/wallet-helpers.ts';
import { bankAccounts } from './payout-destinations.tables.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const usAccount = { ...usWireDetails, bankName: 'Chase' };
const germanAccount = {
  ...usAccount,
  bankName: 'Deutsche Bank',
  country: 'DE',
  routingNumber: undefined,
  accountNumber: undefined,
  iban: 'DE89 3704 0044 0532 0130 00',
  swift: 'DEUTDEFF',
};
const address = '0x52908400098527886E0F7030069857D2E4169EE7';

const call = (method: 'GET' | 'POST' | 'DELETE', url: string, accessToken: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(accessToken), payload });
/** Saves a bank account as the form sends it: the details, and the box confirming they are correct, ticked. */
const save = (accessToken: string, wire: object) =>
  call('POST', '/v1/bank-accounts', accessToken, { wire, isConfirmed: true });

describe('/v1/bank-accounts', () => {
  it('saves wire details with a label, lists them masked and gives the whole details to their owner only', async () => {
    const user = await activeUser(t);
    const added = await save(user.accessToken, usAccount);
    expect(added.statusCode).toBe(201);
    const account = added.json().data;
    expect(account).toMatchObject({
      label: 'Chase •••• 6789',
      country: 'US',
      accountLastFour: '6789',
      holderName: 'Ada Lovelace',
    });

    const iban = await save(user.accessToken, germanAccount);
    expect(iban.json().data).toMatchObject({ label: 'Deutsche Bank •••• 3000', country: 'DE' });

    const listed = await call('GET', '/v1/bank-accounts', user.accessToken);
    expect(listed.json().data.map((item: { label: string }) => item.label)).toEqual([
      'Deutsche Bank •••• 3000',
      'Chase •••• 6789',
    ]);
    expect(listed.body).not.toContain('000123456789');
    expect(listed.body).not.toContain('021000021');
    expect(listed.body).not.toContain('DE89');

    const one = await call('GET', `/v1/bank-accounts/${account.id}`, user.accessToken);
    expect(one.statusCode).toBe(200);
    expect(one.json().data).toMatchObject({ id: account.id, label: 'Chase •••• 6789', details: usAccount });

    const other = await activeUser(t);
    for (const method of ['GET', 'DELETE'] as const) {
      const foreign = await call(method, `/v1/bank-accounts/${account.id}`, other.accessToken);
      expect(foreign.statusCode).toBe(404);
      expect(foreign.json()).toEqual({
        code: 'BANK_ACCOUNT_NOT_FOUND',
        message: 'We could not find this bank account.',
      });
    }
    expect((await call('GET', '/v1/bank-accounts', other.accessToken)).json().data).toEqual([]);

    // A holder who lives in another country than the bank's: the postal code is checked as theirs, and kept.
    const livesInCanada = { ...usAccount, accountNumber: '987654321', residenceCountry: 'CA', zip: 'K1A 0B1' };
    const canadian = await save(other.accessToken, livesInCanada);
    expect(canadian.statusCode, canadian.body).toBe(201);
    const read = await call('GET', `/v1/bank-accounts/${canadian.json().data.id}`, other.accessToken);
    expect(read.json().data).toMatchObject({ isUsable: true, details: livesInCanada });

    expect((await call('DELETE', `/v1/bank-accounts/${account.id}`, user.accessToken)).statusCode).toBe(204);
    expect((await call('GET', `/v1/bank-accounts/${account.id}`, user.accessToken)).statusCode).toBe(404);
    expect((await call('GET', '/v1/bank-accounts', user.accessToken)).json().data).toHaveLength(1);
  });

  it("checks the details with the wire withdrawal's rules and messages", async () => {
    const user = await activeUser(t);
    const response = await save(user.accessToken, {
      ...usAccount,
      routingNumber: '021000022',
      accountNumber: '12',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().details).toEqual([
      { field: 'wire.routingNumber', message: 'Please enter a valid 9-digit routing number.' },
      { field: 'wire.accountNumber', message: 'Please enter an account number of 4 to 17 digits.' },
    ]);
    const canadian = await save(user.accessToken, { ...usAccount, country: 'CA' });
    expect(canadian.statusCode).toBe(400);
    expect(canadian.json().details.map((detail: { field: string }) => detail.field)).toEqual([
      'wire.zip',
      'wire.institutionNumber',
      'wire.transitNumber',
    ]);
    // The spec's box confirming the bank information is correct is required (section 5), as on a wire withdrawal.
    for (const isConfirmed of [false, undefined]) {
      const unconfirmed = await call('POST', '/v1/bank-accounts', user.accessToken, { wire: usAccount, isConfirmed });
      expect([unconfirmed.statusCode, unconfirmed.json().details]).toEqual([
        400,
        [{ field: 'isConfirmed', message: 'Please confirm that the information is correct.' }],
      ]);
    }
    expect((await call('GET', '/v1/bank-accounts', user.accessToken)).json().data).toEqual([]);
    // A German IBAN for a bank in France: the wire would go to a bank of another country than the one stated.
    const elsewhere = await save(user.accessToken, {
      ...germanAccount,
      country: 'FR',
      swift: 'BNPAFRPP',
    });
    expect([elsewhere.statusCode, elsewhere.json().details]).toEqual([
      400,
      [
        {
          field: 'wire.iban',
          message:
            "This IBAN's country (Germany) is not the bank's country (France). Please enter an IBAN that starts with FR.",
        },
      ],
    ]);
    // A German SWIFT code for a bank in France, with a French IBAN (session 71's wallet hunt): the same.
    const germanSwift = await save(user.accessToken, {
      ...germanAccount,
      country: 'FR',
      iban: 'FR14 2004 1010 0505 0001 3M02 606',
    });
    expect([germanSwift.statusCode, germanSwift.json().details]).toEqual([
      400,
      [
        {
          field: 'wire.swift',
          message:
            "This SWIFT code's country (Germany) is not the bank's country (France). Please enter a SWIFT code whose fifth and sixth letters are FR.",
        },
      ],
    ]);
    expect((await call('GET', '/v1/bank-accounts', user.accessToken)).json().data).toEqual([]);
  });

  // Session 71's wallet hunt: "Jo\u202EnaF" was saved, and read "JoFan" to whoever checked the account.
  it('refuses invisible and direction-control characters in what the person typed, naming the fields', async () => {
    const user = await activeUser(t);
    const response = await save(user.accessToken, {
      ...usAccount,
      firstName: 'Jo\u202EnaF',
      bankName: 'Ch\u200Base',
    });
    const message =
      'This field cannot hold invisible characters (a zero-width space, a direction mark): please type it again.';
    expect([response.statusCode, response.json()]).toEqual([
      400,
      expect.objectContaining({
        code: 'INVALID_REQUEST',
        details: [
          { field: 'wire.firstName', message },
          { field: 'wire.bankName', message },
        ],
      }),
    ]);
    expect((await call('GET', '/v1/bank-accounts', user.accessToken)).json().data).toEqual([]);
  });

  it('says which saved accounts a wire withdrawal would now refuse, and why, keeping them as saved', async () => {
    const user = await activeUser(t);
    const saved = await save(user.accessToken, germanAccount);
    const [owner] = await t.database.db
      .select({ userId: bankAccounts.userId })
      .from(bankAccounts)
      .where(eq(bankAccounts.id, saved.json().data.id));
    // Saved before an IBAN had to be from the bank's country: a German IBAN for a bank in France.
    const frenchBankGermanIban = {
      ...germanAccount,
      bankName: 'BNP Paribas',
      country: 'FR' as const,
      swift: 'BNPAFRPP',
    };
    const id = newId();
    await t.database.db.insert(bankAccounts).values({
      id,
      userId: owner!.userId,
      label: 'BNP Paribas •••• 3000',
      country: 'FR',
      details: frenchBankGermanIban,
      createdAt: t.clock.now(),
    });

    const listed = await call('GET', '/v1/bank-accounts', user.accessToken);
    expect(
      listed.json().data.map((item: { label: string; isUsable: boolean; unusableReason: string | null }) => ({
        label: item.label,
        isUsable: item.isUsable,
        unusableReason: item.unusableReason,
      })),
    ).toEqual([
      {
        label: 'BNP Paribas •••• 3000',
        isUsable: false,
        unusableReason: 'This IBAN is from Germany, not France: add the account again to use it.',
      },
      { label: 'Deutsche Bank •••• 3000', isUsable: true, unusableReason: null },
    ]);
    // Nothing is deleted: its owner still reads the details, to add the account again.
    const one = await call('GET', `/v1/bank-accounts/${id}`, user.accessToken);
    expect(one.json().data).toMatchObject({
      isUsable: false,
      details: { country: 'FR', iban: frenchBankGermanIban.iban, bankName: 'BNP Paribas' },
    });
  });

  it('keeps at most five per person, even when eight saves arrive at once', async () => {
    const user = await activeUser(t);
    const responses = await Promise.all(
      Array.from({ length: 8 }, (_, index) =>
        save(user.accessToken, { ...usAccount, accountNumber: `55500${index}123` }),
      ),
    );
    expect(responses.filter((response) => response.statusCode === 201)).toHaveLength(5);
    const refused = responses.filter((response) => response.statusCode !== 201);
    expect(refused).toHaveLength(3);
    for (const response of refused) {
      expect(response.statusCode).toBe(409);
      expect(response.json().code).toBe('BANK_ACCOUNT_LIMIT_REACHED');
    }
    expect((await call('GET', '/v1/bank-accounts', user.accessToken)).json().data).toHaveLength(5);
  });

  // Wallet hunt of session 64: the same IBAN typed again with spaces and a SWIFT in lower case took a second place.
  it('keeps each account once, however it is typed, even when two saves of it arrive at once', async () => {
    const user = await activeUser(t);
    const [first, second] = await Promise.all([
      save(user.accessToken, germanAccount),
      save(user.accessToken, germanAccount),
    ]);
    expect([first!.statusCode, second!.statusCode].sort()).toEqual([201, 409]);
    const retyped = { ...germanAccount, iban: 'de89370400440532013000', swift: 'deutdeffxxx', firstName: 'Grace' };
    const again = await save(user.accessToken, retyped);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      code: 'BANK_ACCOUNT_ALREADY_SAVED',
      message: 'This bank account is already saved.',
    });
    const usAgain = await save(user.accessToken, {
      ...usAccount,
      accountNumber: '0001-2345-6789',
    });
    expect(usAgain.statusCode).toBe(201);
    const usTwice = await save(user.accessToken, { ...usAccount, bankName: 'Chase NA' });
    expect(usTwice.json().code).toBe('BANK_ACCOUNT_ALREADY_SAVED');
    // Another account at the same bank, and the same number at another bank, are other accounts.
    for (const other of [
      { ...usAccount, accountNumber: '000123456780' },
      { ...usAccount, routingNumber: '011000015' },
    ]) {
      expect((await save(user.accessToken, other)).statusCode).toBe(201);
    }
    expect((await call('GET', '/v1/bank-accounts', user.accessToken)).json().data).toHaveLength(4);
    // Another person may save the same account (a joint account).
    const partner = await activeUser(t);
    expect((await save(partner.accessToken, germanAccount)).statusCode).toBe(201);
  });

  it('needs a signed-in person', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/v1/bank-accounts' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/v1/bank-accounts', payload: usAccount })).statusCode).toBe(401);
  });
});

describe('/v1/wallet-addresses', () => {
  it('saves, lists and deletes USDC addresses per person, each once', async () => {
    const user = await activeUser(t);
    const added = await call('POST', '/v1/wallet-addresses', user.accessToken, { address: ` ${address} ` });
    expect(added.statusCode).toBe(201);
    const saved = added.json().data;
    expect(saved).toMatchObject({ address, label: '0x5290…9EE7' });

    const again = await call('POST', '/v1/wallet-addresses', user.accessToken, { address: address.toLowerCase() });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('WALLET_ADDRESS_ALREADY_SAVED');

    const other = await activeUser(t);
    expect((await call('POST', '/v1/wallet-addresses', other.accessToken, { address })).statusCode).toBe(201);
    const foreign = await call('DELETE', `/v1/wallet-addresses/${saved.id}`, other.accessToken);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().code).toBe('WALLET_ADDRESS_NOT_FOUND');

    expect((await call('GET', '/v1/wallet-addresses', user.accessToken)).json().data).toEqual([saved]);
    expect((await call('DELETE', `/v1/wallet-addresses/${saved.id}`, user.accessToken)).statusCode).toBe(204);
    expect((await call('GET', '/v1/wallet-addresses', user.accessToken)).json().data).toEqual([]);
  });

  it("refuses what the withdrawal's USDC check refuses, and a sixth address", async () => {
    const user = await activeUser(t);
    const invalid = await call('POST', '/v1/wallet-addresses', user.accessToken, { address: '0x1234' });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().details).toEqual([
      { field: 'address', message: 'Please enter a valid USDC wallet address (0x followed by 40 characters).' },
    ]);
    const addresses = Array.from({ length: 6 }, (_, index) => `0x${String(index + 1).repeat(40)}`);
    const responses = await Promise.all(
      addresses.map((each) => call('POST', '/v1/wallet-addresses', user.accessToken, { address: each })),
    );
    expect(responses.filter((response) => response.statusCode === 201)).toHaveLength(5);
    const refused = responses.find((response) => response.statusCode !== 201)!;
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      code: 'WALLET_ADDRESS_LIMIT_REACHED',
      message: 'You can save up to 5 wallet addresses. Remove one to add another.',
    });
  });
});
