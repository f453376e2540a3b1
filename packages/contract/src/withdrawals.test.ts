import { describe, expect, it } from 'vitest';
import {
  isAbaRoutingNumber,
  isBankAccountNumber,
  isIban,
  isInstitutionNumber,
  isSwiftCode,
  isTransitNumber,
  ADDRESS_CHECKSUM_MESSAGE,
  isEvmAddress,
  tokenContractMessage,
  ZERO_ADDRESS_MESSAGE,
} from './bank-details.ts';
import { ZExportEditionRequest } from './editions.ts';
import { auditActions } from './console.ts';
import {
  withdrawalMoveNames,
  withdrawalMoves,
  withdrawalMoveTo,
  withdrawalTransitions,
} from './withdrawal-transitions.ts';
import {
  isWithdrawalAmountInBandwidth,
  WITHDRAWAL_MAX_CENTS,
  WITHDRAWAL_MIN_CENTS,
  withdrawalMessages,
  withdrawalStatuses,
  ZCreateWithdrawalRequest,
  ZMarkWithdrawalPaidRequest,
} from './withdrawals.ts';

describe('bank field checks', () => {
  it.each([
    ['021000021', true],
    ['011000015', true],
    ['0210 0002 1', true],
    ['021000022', false],
    ['02100002', false],
    ['0210000210', false],
    ['02100002a', false],
    // The weighted sum holds for these, but no bank's number starts with 00, 13 or 80.
    ['000000000', false],
    ['130000006', false],
    ['800000006', false],
    ['322271627', true],
  ])('routing number %s → %s', (value, expected) => expect(isAbaRoutingNumber(value)).toBe(expected));

  it.each([
    ['1234', true],
    ['12345678901234567', true],
    ['123', false],
    ['123456789012345678', false],
    ['12a4', false],
  ])('account number %s → %s', (value, expected) => expect(isBankAccountNumber(value)).toBe(expected));

  it.each([
    ['001', true],
    ['01', false],
    ['0012', false],
  ])('institution number %s → %s', (value, expected) => expect(isInstitutionNumber(value)).toBe(expected));

  it.each([
    ['12345', true],
    ['1234', false],
    ['123456', false],
  ])('transit number %s → %s', (value, expected) => expect(isTransitNumber(value)).toBe(expected));

  it.each([
    ['DEUTDEFF', true],
    ['DEUTDEFF500', true],
    ['deutdeff', true],
    ['DEUTDEF', false],
    ['DEUTDEFF5', false],
    ['DEU1DEFF', false],
    ['DEUTDEFF5000', false],
  ])('SWIFT %s → %s', (value, expected) => expect(isSwiftCode(value)).toBe(expected));

  it.each([
    ['GB82 WEST 1234 5698 7654 32', true],
    ['DE89370400440532013000', true],
    ['GB82WEST12345698765433', false],
    ['GB83WEST12345698765432', false],
    ['XX', false],
  ])('IBAN %s → %s', (value, expected) => expect(isIban(value)).toBe(expected));

  it.each([
    ['0x52908400098527886E0F7030069857D2E4169EE7', true],
    ['0x52908400098527886e0f7030069857d2e4169ee', false],
    ['52908400098527886E0F7030069857D2E4169EE7aa', false],
    ['0xZ2908400098527886E0F7030069857D2E4169EE7', false],
    // EIP-55's own examples, and one of them with a letter's case changed.
    ['0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed', true],
    ['0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359', true],
    ['0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB', true],
    ['0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb', true],
    ['0x5aaeb6053F3E94C9b9A09f33669435E7Ef1BeAed', false],
    ['0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed', true],
    // The zero address, however written: nothing sent there comes back.
    ['0x0000000000000000000000000000000000000000', false],
  ])('USDC address %s → %s', (value, expected) => expect(isEvmAddress(value)).toBe(expected));
});

const holder = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  bankName: 'First Bank',
  branch: 'Main Street',
  address: '1 Main Street',
  city: 'Springfield',
  state: 'IL',
  zip: '62701',
};
const wire = (details: object) => ({
  method: 'wire',
  amount: { amount: 10_000, currency: 'USD' },
  isConfirmed: true,
  wire: { ...holder, ...details },
});
function issues(body: object) {
  const parsed = ZCreateWithdrawalRequest.safeParse(body);
  return parsed.success ? [] : parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
}

describe('ZCreateWithdrawalRequest', () => {
  it('asks US wires for routing and account numbers', () => {
    expect(issues(wire({ country: 'US', routingNumber: '021000021', accountNumber: '123456789' }))).toEqual([]);
    expect(issues(wire({ country: 'US' }))).toEqual([
      `wire.routingNumber: ${withdrawalMessages.required}`,
      `wire.accountNumber: ${withdrawalMessages.required}`,
    ]);
    expect(issues(wire({ country: 'US', routingNumber: '021000022', accountNumber: '12' }))).toEqual([
      `wire.routingNumber: ${withdrawalMessages.routingNumber}`,
      `wire.accountNumber: ${withdrawalMessages.accountNumber}`,
    ]);
  });

  // Spec section 5: "routing number for wire, not electronic, transfers" (61 to 72 is the electronic range).
  it('refuses an electronic (ACH-only) routing number for a wire, naming why', () => {
    expect(issues(wire({ country: 'US', routingNumber: '610000005', accountNumber: '123456789' }))).toEqual([
      `wire.routingNumber: ${withdrawalMessages.electronicRoutingNumber}`,
    ]);
    expect(issues(wire({ country: 'US', routingNumber: '322271627', accountNumber: '123456789' }))).toEqual([]);
  });

  it('asks Canadian wires for institution, transit and account numbers', () => {
    const canadian = { country: 'CA', zip: 'K1A 0B1' };
    expect(
      issues(wire({ ...canadian, institutionNumber: '001', transitNumber: '12345', accountNumber: '1234567' })),
    ).toEqual([]);
    expect(
      issues(wire({ ...canadian, institutionNumber: '1', transitNumber: '123', accountNumber: '1234567' })),
    ).toEqual([
      `wire.institutionNumber: ${withdrawalMessages.institutionNumber}`,
      `wire.transitNumber: ${withdrawalMessages.transitNumber}`,
    ]);
  });

  it.each([
    ['US', '62701', true],
    ['US', '62701-1234', true],
    ['US', '627011234', true],
    ['US', '6270', false],
    ['US', '62701-12', false],
    ['US', 'K1A 0B1', false],
    ['CA', 'K1A 0B1', true],
    ['CA', 'k1a0b1', true],
    ['CA', 'D1A 0B1', false],
    ['CA', '62701', false],
    ['DE', '10115', true],
    ['GB', 'SW1A 1AA', true],
  ])('checks a %s address’s ZIP or postal code %s', (country, zip, isValid) => {
    const account =
      country === 'US'
        ? { routingNumber: '021000021', accountNumber: '123456789' }
        : country === 'CA'
          ? { institutionNumber: '001', transitNumber: '12345', accountNumber: '1234567' }
          : country === 'DE'
            ? { iban: 'DE89370400440532013000', swift: 'DEUTDEFF' }
            : { iban: 'GB82WEST12345698765432', swift: 'BARCGB22' };
    const message = country === 'US' ? withdrawalMessages.usZip : withdrawalMessages.caPostalCode;
    expect(issues(wire({ country, zip, ...account }))).toEqual(isValid ? [] : [`wire.zip: ${message}`]);
  });

  it('checks the ZIP or postal code by the country the holder lives in, when it is not the bank’s', () => {
    const usBank = { country: 'US', routingNumber: '021000021', accountNumber: '123456789' };
    expect(issues(wire({ ...usBank, residenceCountry: 'CA', zip: 'K1A 0B1' }))).toEqual([]);
    expect(issues(wire({ ...usBank, residenceCountry: 'CA', zip: '62701' }))).toEqual([
      `wire.zip: ${withdrawalMessages.caPostalCode}`,
    ]);
    expect(issues(wire({ ...usBank, residenceCountry: 'GB', zip: 'SW1A 1AA' }))).toEqual([]);
    const germanBank = { country: 'DE', iban: 'DE89370400440532013000', swift: 'DEUTDEFF' };
    expect(issues(wire({ ...germanBank, residenceCountry: 'US', zip: 'SW1A 1AA' }))).toEqual([
      `wire.zip: ${withdrawalMessages.usZip}`,
    ]);
    expect(issues(wire({ ...usBank, residenceCountry: 'XX', zip: '62701' }))).toEqual([
      `wire.residenceCountry: ${withdrawalMessages.country}`,
    ]);
  });

  it('asks countries whose banks use IBANs for IBAN and SWIFT', () => {
    expect(issues(wire({ country: 'DE', iban: 'DE89370400440532013000', swift: 'DEUTDEFF' }))).toEqual([]);
    expect(issues(wire({ country: 'DE', iban: 'DE89370400440532013001', swift: 'DEUT' }))).toEqual([
      `wire.iban: ${withdrawalMessages.iban}`,
      `wire.swift: ${withdrawalMessages.swift}`,
    ]);
    // A territory that uses its country's IBANs (Réunion, France's).
    expect(issues(wire({ country: 'RE', accountNumber: '1234567', swift: 'BNPAFRPP' }))).toEqual([
      `wire.iban: ${withdrawalMessages.required}`,
    ]);
  });

  it('refuses an IBAN from another country than the bank’s, naming both, and takes a territory’s country’s IBAN', () => {
    expect(issues(wire({ country: 'DE', iban: 'GB82 WEST 1234 5698 7654 32', swift: 'DEUTDEFF' }))).toEqual([
      "wire.iban: This IBAN's country (United Kingdom) is not the bank's country (Germany). Please enter an IBAN that starts with DE.",
    ]);
    expect(issues(wire({ country: 'RE', iban: 'DE89370400440532013000', swift: 'BNPAFRPP' }))).toEqual([
      "wire.iban: This IBAN's country (Germany) is not the bank's country (Réunion). Please enter an IBAN that starts with FR.",
    ]);
    // Réunion's banks use French IBANs, Jersey's British ones; a lower-case IBAN is the same IBAN.
    expect(issues(wire({ country: 'RE', iban: 'FR1420041010050500013M02606', swift: 'BNPAFRPP' }))).toEqual([]);
    expect(issues(wire({ country: 'JE', iban: 'gb82west12345698765432', swift: 'BARCJESH' }))).toEqual([]);
    expect(issues(wire({ country: 'FR', iban: 'FR1420041010050500013M02606', swift: 'BNPAFRPP' }))).toEqual([]);
  });

  // Session 71's wallet hunt: a German SWIFT code for a bank in France was taken, the wire routed to another bank.
  it('refuses a SWIFT code from another country than the bank’s, naming both, and takes a territory’s country’s', () => {
    expect(issues(wire({ country: 'FR', iban: 'FR1420041010050500013M02606', swift: 'DEUTDEFF' }))).toEqual([
      "wire.swift: This SWIFT code's country (Germany) is not the bank's country (France). Please enter a SWIFT code whose fifth and sixth letters are FR.",
    ]);
    expect(issues(wire({ country: 'RE', iban: 'FR1420041010050500013M02606', swift: 'deutdeffxxx' }))).toEqual([
      "wire.swift: This SWIFT code's country (Germany) is not the bank's country (Réunion). Please enter a SWIFT code whose fifth and sixth letters are RE or FR.",
    ]);
    expect(issues(wire({ country: 'JP', accountNumber: '1234567', swift: 'CTBAAU2S' }))).toEqual([
      "wire.swift: This SWIFT code's country (Australia) is not the bank's country (Japan). Please enter a SWIFT code whose fifth and sixth letters are JP.",
    ]);
    // A territory's bank with its own letters or its country's; lower case is the same code.
    expect(issues(wire({ country: 'RE', iban: 'FR1420041010050500013M02606', swift: 'bfcorerx' }))).toEqual([]);
    expect(issues(wire({ country: 'RE', iban: 'FR1420041010050500013M02606', swift: 'BNPAFRPP' }))).toEqual([]);
    expect(issues(wire({ country: 'JE', iban: 'GB82WEST12345698765432', swift: 'BARCGB22' }))).toEqual([]);
  });

  it('asks countries without IBANs (Japan, Australia) for the account number and SWIFT, never an IBAN', () => {
    expect(issues(wire({ country: 'JP', accountNumber: '1234567', swift: 'BOTKJPJT' }))).toEqual([]);
    expect(issues(wire({ country: 'AU', accountNumber: '12', swift: 'CTBAAU2S' }))).toEqual([
      `wire.accountNumber: ${withdrawalMessages.accountNumber}`,
    ]);
    expect(issues(wire({ country: 'JP', iban: 'DE89370400440532013000' }))).toEqual([
      `wire.accountNumber: ${withdrawalMessages.required}`,
      `wire.swift: ${withdrawalMessages.required}`,
    ]);
  });

  // Session 71's wallet hunt: "Jo\u202EnaF" showed the compliance reviewer "JoFan", another name than the bank's.
  it.each([
    ['firstName', 'Jo\u202EnaF'],
    ['lastName', 'Love\u200Blace'],
    ['bankName', 'First\u2060Bank'],
    ['branch', '\u2066Main\u2069 Street'],
    ['address', '1 Main\u00AD Street'],
    ['city', 'Spring\u200Efield'],
    ['accountNumber', '1234\uFEFF56789'],
  ])('refuses invisible characters in the wire’s %s, naming the field', (field, value) => {
    const usBank = { country: 'US', routingNumber: '021000021', accountNumber: '123456789' };
    expect(issues(wire({ ...usBank, [field]: value }))).toEqual([
      `wire.${field}: ${withdrawalMessages.invisibleCharacters}`,
    ]);
  });

  it('requires every holder field, a known country and the confirmation', () => {
    const body = wire({ country: 'ZZ', firstName: '', routingNumber: '021000021', accountNumber: '1234' });
    expect(issues({ ...body, isConfirmed: false })).toEqual(
      expect.arrayContaining([
        `wire.firstName: ${withdrawalMessages.required}`,
        `wire.country: ${withdrawalMessages.country}`,
        `isConfirmed: ${withdrawalMessages.isConfirmed}`,
      ]),
    );
  });

  it('checks USDC addresses and whole-cent amounts', () => {
    const usdc = {
      method: 'usdc',
      amount: { amount: 5000, currency: 'USD' },
      address: '0x52908400098527886E0F7030069857D2E4169EE7',
      isConfirmed: true,
    };
    expect(issues(usdc)).toEqual([]);
    expect(issues({ ...usdc, address: '0x123' })).toEqual([`address: ${withdrawalMessages.usdcAddress}`]);
    // The zero address is well formed: it is told why it is refused, in words of its own, once.
    expect(issues({ ...usdc, address: ` 0x${'0'.repeat(40)} ` })).toEqual([`address: ${ZERO_ADDRESS_MESSAGE}`]);
    const exported = ZExportEditionRequest.safeParse({ address: `0X${'0'.repeat(40)}` });
    expect(exported.error?.issues.map((issue) => issue.message)).toEqual([ZERO_ADDRESS_MESSAGE]);
    // Well formed, one letter's case off its checksum: told so, not that it lacks its 40 hexadecimal characters.
    expect(issues({ ...usdc, address: '0x52908400098527886E0F7030069857D2E4169Ee7' })).toEqual([
      `address: ${ADDRESS_CHECKSUM_MESSAGE}`,
    ]);
    // USDC's own token contract, as a wallet app shows it beside the token: USDC sent there is gone for good.
    expect(issues({ ...usdc, address: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48' })).toEqual([
      `address: ${tokenContractMessage('USDC')}`,
    ]);
    expect(issues({ ...usdc, amount: { amount: 50.5, currency: 'USD' } })).toHaveLength(1);
    // Money as everywhere in the API: a bare number, or another currency, is no withdrawal amount.
    expect(issues({ ...usdc, amount: 5000 })).toHaveLength(1);
    expect(issues({ ...usdc, amount: { amount: 5000, currency: 'CYP' } })).toHaveLength(1);
  });

  it('takes amounts from $1 to $1,000,000', () => {
    expect(isWithdrawalAmountInBandwidth(WITHDRAWAL_MIN_CENTS)).toBe(true);
    expect(isWithdrawalAmountInBandwidth(WITHDRAWAL_MAX_CENTS)).toBe(true);
    expect(isWithdrawalAmountInBandwidth(WITHDRAWAL_MIN_CENTS - 1)).toBe(false);
    expect(isWithdrawalAmountInBandwidth(WITHDRAWAL_MAX_CENTS + 1)).toBe(false);
    expect(isWithdrawalAmountInBandwidth(0)).toBe(false);
  });
});

describe('withdrawal moves', () => {
  it('name one move for each state a transition leads to, recorded as an audit action', () => {
    const reachable = new Set(Object.values(withdrawalTransitions).flat());
    expect(withdrawalMoveNames.map((move) => withdrawalMoves[move].to).sort()).toEqual([...reachable].sort());
    for (const move of withdrawalMoveNames) {
      expect(withdrawalMoveTo(withdrawalMoves[move].to)).toBe(move);
      expect(auditActions).toContain(withdrawalMoves[move].decision);
    }
    expect(withdrawalMoveTo('submitted')).toBeUndefined();
    expect(withdrawalStatuses.filter((status) => withdrawalMoveTo(status) === undefined)).toEqual(['submitted']);
  });

  it('ask for a reason exactly where the person is told why, and for the payout reference where money left', () => {
    const asking = (asks: string) => withdrawalMoveNames.filter((move) => withdrawalMoves[move].asks === asks);
    expect(asking('reason')).toEqual(['reject', 'failed']);
    expect(asking('payoutReference')).toEqual(['paid']);
  });

  it('take a payout reference of 1 to 100 characters, trimmed', () => {
    expect(ZMarkWithdrawalPaidRequest.parse({ payoutReference: '  FW-2026-1201-77  ' })).toEqual({
      payoutReference: 'FW-2026-1201-77',
    });
    for (const body of [{}, { payoutReference: '   ' }, { payoutReference: 'x'.repeat(101) }, { reference: 'x' }]) {
      expect(ZMarkWithdrawalPaidRequest.safeParse(body).success, JSON.stringify(body)).toBe(false);
    }
  });
});
