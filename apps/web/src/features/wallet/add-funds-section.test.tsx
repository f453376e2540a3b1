import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { amountMessages, DEFAULT_DEPOSIT_MAX_CENTS, DEFAULT_DEPOSIT_MIN_CENTS } from '@cypher/contract';
import { addFundsPath } from '../../lib/funds-return.ts';
import { startSession } from '../../lib/session.ts';
import { apiFailure, json, myUser, stubApi } from '../../test/fake-api.ts';
import { renderApp } from '../../test/render-app.tsx';

const usd = (amount: number) => ({ amount, currency: 'USD' as const });

/** A signed-in person on the add-funds tab, with no saved methods and the default bandwidth ($5 to $10,000). */
function addFundsApi() {
  startSession({ accessToken: 'a1', refreshToken: 'r1' });
  return stubApi((request) => {
    const path = request.path.split('?')[0];
    if (path === '/v1/users/my') return json(200, { data: myUser({ nickname: 'Ada' }) });
    if (path === '/v1/cards' || path === '/v1/tilia/payment-methods') return json(200, { data: [] });
    if (path === '/v1/deposits/limits') {
      return json(200, { data: { minimum: usd(DEFAULT_DEPOSIT_MIN_CENTS), maximum: usd(DEFAULT_DEPOSIT_MAX_CENTS) } });
    }
    return apiFailure(404, 'NOT_FOUND');
  });
}

const dropReturn = '/drops/d-1?buy=1';

describe('add funds coming from a purchase', () => {
  it('fills in what the purchase lacks, in dollars, and says where it comes from', async () => {
    addFundsApi();
    renderApp(addFundsPath(dropReturn, 1_575));
    const amount = await screen.findByLabelText(/Amount \(USD\)/);
    expect(amount).toHaveValue('15.75');
    expect(
      screen.getByText('Your purchase needs $15.75 more. From $5.00 to $10,000.00 per payment.'),
    ).toBeInTheDocument();
  });

  it('fills in the smallest payment when the purchase lacks less', async () => {
    addFundsApi();
    renderApp(addFundsPath(dropReturn, 30));
    expect(await screen.findByLabelText(/Amount \(USD\)/)).toHaveValue('5.00');
    expect(
      screen.getByText(
        'Your purchase needs $0.30 more; the smallest payment is filled in. From $5.00 to $10,000.00 per payment.',
      ),
    ).toBeInTheDocument();
  });

  it('leaves the amount empty without a shortfall, or with one that is not an amount', async () => {
    addFundsApi();
    renderApp('/payment?tab=add-funds&shortfall=abc');
    expect(await screen.findByLabelText(/Amount \(USD\)/)).toHaveValue('');
    expect(screen.getByText('From $5.00 to $10,000.00 per payment.')).toBeInTheDocument();
  });
});

describe('add funds: the amount', () => {
  it('says a non-number is not a number, and keeps the bandwidth message for numbers out of range', async () => {
    const sent = addFundsApi();
    renderApp('/payment?tab=add-funds');
    const user = userEvent.setup();
    const amount = await screen.findByLabelText(/Amount \(USD\)/);
    const submit = screen.getByRole('button', { name: 'Continue to payment' });

    await user.type(amount, 'abc');
    await user.click(submit);
    expect(await screen.findByText(amountMessages.notANumber)).toBeInTheDocument();
    expect(screen.getByText('Enter an amount in numbers, for example 25.00.')).toBeInTheDocument();
    expect(screen.queryByText('Amount is not within correct bandwidth')).toBeNull();
    expect(amount).toHaveValue('abc');

    for (const outOfRange of ['-5', '0.01', '20000']) {
      await user.clear(amount);
      await user.type(amount, outOfRange);
      await user.click(submit);
      await waitFor(() => expect(screen.getByText('Amount is not within correct bandwidth')).toBeInTheDocument());
      expect(screen.queryByText(amountMessages.notANumber)).toBeNull();
    }
    // Within the bandwidth but a fraction of a cent: the decimals are what is wrong.
    await user.clear(amount);
    await user.type(amount, '12.345');
    await user.click(submit);
    expect(await screen.findByText(amountMessages.tooManyDecimals)).toBeInTheDocument();
    expect(screen.queryByText('Amount is not within correct bandwidth')).toBeNull();
    expect(sent.some((request) => request.path === '/v1/deposits')).toBe(false);
  });

  it('reads a comma only as a thousands separator: a decimal comma is not taken for a hundred times the amount', async () => {
    const sent = addFundsApi();
    renderApp('/payment?tab=add-funds');
    const user = userEvent.setup();
    const amount = await screen.findByLabelText(/Amount \(USD\)/);
    const submit = screen.getByRole('button', { name: 'Continue to payment' });

    for (const misread of ['5,00', '1,2,3', '12,50', '1,000,5']) {
      await user.clear(amount);
      await user.type(amount, misread);
      await user.click(submit);
      expect(await screen.findByText(amountMessages.notANumber)).toBeInTheDocument();
    }
    expect(sent.some((request) => request.path.startsWith('/v1/deposits') && request.method === 'POST')).toBe(false);
    // A real separator is read as one: past the bandwidth's $10,000, so that is what is said.
    await user.clear(amount);
    await user.type(amount, '$12,500.00');
    await user.click(submit);
    expect(await screen.findByText('Amount is not within correct bandwidth')).toBeInTheDocument();
    expect(screen.queryByText(amountMessages.notANumber)).toBeNull();
  });
});
