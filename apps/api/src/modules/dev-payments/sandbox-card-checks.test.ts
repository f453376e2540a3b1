import { describe, expect, it } from 'vitest';
import { INVALID_CARD_NUMBER_MESSAGE } from '@cypher/contract';
import { checkSandboxCard } from './sandbox-card-checks.ts';

const now = new Date('2026-11-22T08:00:00.000Z');
const card = { cardNumber: '4242 4242 4242 4242', expiry: '12/39', cvc: '123' };

describe('the sandbox checkout’s card form', () => {
  it('pays a valid card, named by brand and last four as a saved card is, spaces and dashes ignored', () => {
    expect(checkSandboxCard(card, now)).toEqual({ paymentMethod: 'Visa •••• 4242', declineReason: null });
    expect(checkSandboxCard({ ...card, cardNumber: '5555-5555-5555-4444' }, now)).toMatchObject({
      paymentMethod: 'Mastercard •••• 4444',
    });
    expect(checkSandboxCard({ ...card, cardNumber: '6011 1111 1111 1117' }, now)).toMatchObject({
      paymentMethod: 'Discover •••• 1117',
    });
  });

  it('declines Stripe’s test cards the way their saved tokens do', () => {
    expect(checkSandboxCard({ ...card, cardNumber: '4000 0000 0000 0002' }, now)).toMatchObject({
      declineReason: 'card_declined',
    });
    expect(checkSandboxCard({ ...card, cardNumber: '4000000000009995' }, now)).toMatchObject({
      declineReason: 'insufficient_funds',
    });
  });

  it('refuses a number failing the Luhn check with the spec’s message', () => {
    expect(checkSandboxCard({ ...card, cardNumber: '4242424242424241' }, now)).toEqual({
      formError: INVALID_CARD_NUMBER_MESSAGE,
    });
    expect(checkSandboxCard({ ...card, cardNumber: '' }, now)).toEqual({ formError: INVALID_CARD_NUMBER_MESSAGE });
  });

  it.each([
    ['11/26', true],
    ['11/2026', true],
    [' 01 / 27 ', true],
    ['1239', true],
    ['122039', true],
    ['1025', false],
    ['10/26', false],
    ['13/30', false],
    ['00/30', false],
    ['1/30', false],
    ['', false],
  ])('takes expiry %j: %s (a card is good through its expiry month)', (expiry, isAccepted) => {
    const checked = checkSandboxCard({ ...card, expiry }, now);
    if (isAccepted) expect(checked).not.toHaveProperty('formError');
    else expect(checked).toEqual({ formError: 'Please enter a valid expiry date (MM/YY).' });
  });

  it.each([
    ['123', true],
    ['1234', true],
    [' 123 ', true],
    ['12', false],
    ['12345', false],
    ['12a', false],
  ])('takes security code %j: %s', (cvc, isAccepted) => {
    const checked = checkSandboxCard({ ...card, cvc }, now);
    if (isAccepted) expect(checked).not.toHaveProperty('formError');
    else expect(checked).toEqual({ formError: 'Please enter the 3 or 4 digit security code.' });
  });
});
