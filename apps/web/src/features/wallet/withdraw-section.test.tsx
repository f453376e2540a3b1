import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { withdrawalMessages } from '@cypher/contract';
import { describe, expect, it, vi } from 'vitest';
import { formatDateTime } from '../../lib/format.ts';
import { startSession } from '../../lib/session.ts';
import { apiFailure, json, myUser, stubApi, type SentRequest } from '../../test/fake-api.ts';
import { renderApp } from '../../test/render-app.tsx';

const usd = (amount: number) => ({ amount, currency: 'USD' as const });
const cyp = (amount: number) => ({ amount, currency: 'CYP' as const });
const page = <T,>(items: T[]) => ({ data: { items, page: 1, size: 20, total: items.length } });

type TUsd = { amount: number; currency: 'USD' };
type TSettling = { amount: TUsd; withdrawableFrom: string; soonest: { amount: TUsd; withdrawableFrom: string } } | null;

function balances(withdrawable: number, nonWithdrawable = 0, settling: TSettling = null) {
  return {
    usd: {
      withdrawable: usd(withdrawable),
      nonWithdrawable: usd(nonWithdrawable),
      held: usd(0),
      total: usd(withdrawable + nonWithdrawable),
    },
    cyp: { withdrawable: cyp(0), nonWithdrawable: cyp(0), held: cyp(0), total: cyp(0) },
    cypUnit: { minorUnits: 2, cypPerUsd: 100 },
    settling,
  };
}

function withdrawal(changes: Record<string, unknown> = {}) {
  return {
    id: 'wd-1',
    method: 'wire',
    status: 'submitted',
    amount: usd(10_000),
    fee: usd(2_500),
    destination: 'Chase •••• 6789',
    rejectionReason: null,
    failureReason: null,
    steps: [{ status: 'submitted', reason: null, at: '2026-11-20T10:00:00.000Z' }],
    createdAt: '2026-11-20T10:00:00.000Z',
    updatedAt: '2026-11-21T10:00:00.000Z',
    ...changes,
  };
}

const verifiedIdentity = {
  status: 'verified',
  verification: {
    id: 'idv-1',
    status: 'verified',
    failureReason: null,
    verificationUrl: null,
    createdAt: '2026-11-20T09:00:00.000Z',
    updatedAt: '2026-11-20T09:05:00.000Z',
  },
};

type Route = (request: SentRequest) => Response | undefined;

function wallet(
  route: Route = () => undefined,
  withdrawable = 100_000,
  nonWithdrawable = 0,
  settling: TSettling = null,
) {
  startSession({ accessToken: 'a1', refreshToken: 'r1' });
  return stubApi((request) => {
    const answer = route(request);
    if (answer) return answer;
    const path = request.path.split('?')[0];
    if (path === '/v1/users/my') return json(200, { data: myUser({ nickname: 'Ada' }) });
    // A verified person: the forms show (identity-check.test.tsx covers the other states).
    if (path === '/v1/identity-verifications/my') return json(200, { data: verifiedIdentity });
    if (path === '/v1/balances/my') return json(200, { data: balances(withdrawable, nonWithdrawable, settling) });
    if (path === '/v1/withdrawals/fees') return json(200, { data: { wire: usd(2_500), usdc: usd(100) } });
    if (path === '/v1/withdrawals' && request.method === 'GET') return json(200, page([]));
    if (path === '/v1/cards' && request.method === 'GET') return json(200, { data: [] });
    if (path === '/v1/tilia/payment-methods' && request.method === 'GET') return json(200, { data: [] });
    if (path === '/v1/deposits/limits') return json(200, { data: { minimum: usd(500), maximum: usd(1_000_000) } });
    return apiFailure(404, 'NOT_FOUND');
  });
}

async function fillUsWire(user: ReturnType<typeof userEvent.setup>, { amount = '100', routing = '021000021' } = {}) {
  await user.type(await screen.findByLabelText(/Amount \(USD\)/), amount);
  await user.type(screen.getByLabelText(/First name/), 'Ada');
  await user.type(screen.getByLabelText(/Last name/), 'Lovelace');
  await user.selectOptions(screen.getByLabelText(/Bank country/), 'US');
  await user.type(screen.getByLabelText(/Routing number/), routing);
  await user.type(screen.getByLabelText(/Account number/), '123456789');
  await user.type(screen.getByLabelText(/Bank name/), 'Chase');
  await user.type(screen.getByLabelText(/Branch/), 'Manhattan');
  await user.type(screen.getByLabelText(/^Address/), '1 Main St');
  await user.type(screen.getByLabelText(/City/), 'New York');
  await user.type(screen.getByLabelText(/State \/ province/), 'NY');
  await user.type(screen.getByLabelText(/ZIP \/ postal code/), '10001');
}

const submitWire = () => screen.getByRole('button', { name: 'Request wire withdrawal' });
const posts = (sent: SentRequest[]) =>
  sent.filter((request) => request.path === '/v1/withdrawals' && request.method === 'POST');

describe('payment page: withdraw', () => {
  it('asks for the account fields of the bank country, and shows the fee and total before submitting', async () => {
    wallet();
    renderApp('/payment?tab=withdraw');
    const user = userEvent.setup();
    // The first render of the file is cold, and the forms wait for the identity status first.
    const country = await screen.findByLabelText(/Bank country/);
    // All of this balance is withdrawable: nothing to explain.
    expect(screen.queryByText(/of your balance is not withdrawable/)).toBeNull();
    // By name, as people look for their country (not by ISO code: "Andorra, United Arab Emirates, Afghanistan").
    const options = within(country)
      .getAllByRole('option')
      .map((option) => option.textContent);
    expect(options.slice(0, 4)).toEqual(['Choose a country', 'Afghanistan', 'Åland Islands', 'Albania']);
    expect(screen.queryByLabelText(/Routing number/)).toBeNull();
    expect(screen.queryByLabelText(/IBAN/)).toBeNull();

    await user.selectOptions(country, 'US');
    expect(screen.getByLabelText(/Routing number \(wire\)/)).toBeInTheDocument();
    expect(screen.getByText(/not the one for electronic \(ACH\) transfers/)).toBeInTheDocument();
    expect(screen.getByLabelText(/Account number/)).toBeInTheDocument();
    expect(screen.queryByLabelText(/IBAN/)).toBeNull();
    expect(screen.queryByLabelText(/Institution number/)).toBeNull();

    await user.selectOptions(country, 'CA');
    expect(screen.getByLabelText(/Institution number/)).toBeInTheDocument();
    expect(screen.getByLabelText(/Transit number/)).toBeInTheDocument();
    expect(screen.getByLabelText(/Account number/)).toBeInTheDocument();
    expect(screen.queryByLabelText(/Routing number/)).toBeNull();

    await user.selectOptions(country, 'DE');
    expect(screen.getByLabelText(/IBAN/)).toBeInTheDocument();
    expect(screen.getByLabelText(/SWIFT code/)).toBeInTheDocument();
    expect(screen.queryByLabelText(/Account number/)).toBeNull();

    // A country whose banks have no IBANs: the account number and the SWIFT code reach them.
    await user.selectOptions(country, 'JP');
    expect(screen.getByLabelText(/Account number/)).toBeInTheDocument();
    expect(screen.getByLabelText(/SWIFT code/)).toBeInTheDocument();
    expect(screen.queryByLabelText(/IBAN/)).toBeNull();

    await user.type(screen.getByLabelText(/Amount \(USD\)/), '1,000');
    const totals = screen.getByLabelText('Withdrawal total');
    const value = (term: string) => within(totals).getByText(term).nextElementSibling?.textContent;
    expect(value('Amount')).toBe('$1,000.00');
    expect(value('Fee')).toBe('$25.00');
    expect(value('Total from your balance')).toBe('$1,025.00');
  });

  it('checks the fields as the contract does, under each field', async () => {
    const sent = wallet();
    renderApp('/payment?tab=withdraw');
    const user = userEvent.setup();
    await fillUsWire(user, { routing: '123456789' });
    await user.click(submitWire());
    expect(await screen.findByText('Please enter a valid 9-digit routing number.')).toBeInTheDocument();
    expect(screen.getByLabelText(/Routing number/).getAttribute('aria-invalid')).toBe('true');
    expect(posts(sent)).toHaveLength(0);
  });

  it('says how long a bank field may be, in words', async () => {
    wallet();
    renderApp('/payment?tab=withdraw');
    const user = userEvent.setup();
    await fillUsWire(user);
    await user.clear(screen.getByLabelText(/First name/));
    await user.click(screen.getByLabelText(/First name/));
    await user.paste('A'.repeat(101));
    await user.click(submitWire());
    expect(await screen.findByText('Use at most 100 characters.')).toBeInTheDocument();
    expect(screen.getByLabelText(/First name/)).toHaveAttribute('aria-invalid', 'true');
  });

  it('takes an empty form to its first field, the amount, with every field’s error shown', async () => {
    wallet();
    renderApp('/payment?tab=withdraw');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Request wire withdrawal' }));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText(/^Amount \(USD\)/)));
  });

  it('requires the confirmation box, then posts only this country’s fields with an Idempotency-Key and lists the request', async () => {
    let isSubmitted = false;
    const sent = wallet((request) => {
      if (request.path === '/v1/withdrawals' && request.method === 'POST') {
        isSubmitted = true;
        return json(201, { data: withdrawal() });
      }
      if (request.path.startsWith('/v1/withdrawals?') && isSubmitted) return json(200, page([withdrawal()]));
      return undefined;
    });
    renderApp('/payment?tab=withdraw');
    const user = userEvent.setup();
    expect(await screen.findByText('No withdrawals yet')).toBeInTheDocument();
    await fillUsWire(user);
    await user.click(submitWire());
    expect(await screen.findByText('Please confirm that the information is correct.')).toBeInTheDocument();
    expect(posts(sent)).toHaveLength(0);

    await user.click(screen.getByLabelText('I confirm the bank information is correct'));
    await user.click(submitWire());
    const list = await screen.findByRole('list', { name: 'Withdrawal requests' });
    expect(within(list).getByText('Wire to Chase •••• 6789')).toBeInTheDocument();
    // The state badge (the steps below repeat the words).
    expect(within(list).getByText('Submitted', { ignore: 'ol *' })).toBeInTheDocument();
    expect(within(list).getByText(/up to two weeks/)).toBeInTheDocument();
    expect(posts(sent)[0]?.body).toEqual({
      method: 'wire',
      amount: { amount: 10_000, currency: 'USD' },
      isConfirmed: true,
      wire: {
        firstName: 'Ada',
        lastName: 'Lovelace',
        bankName: 'Chase',
        branch: 'Manhattan',
        address: '1 Main St',
        city: 'New York',
        state: 'NY',
        zip: '10001',
        country: 'US',
        routingNumber: '021000021',
        accountNumber: '123456789',
      },
    });
    const key = vi
      .mocked(fetch)
      .mock.calls.find(([url, init]) => url === '/v1/withdrawals' && init?.method === 'POST')?.[1]?.headers;
    expect(new Headers(key).get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
  });

  // Review of session 38: the popup said "Please add funds" with an Add funds button, and card money added then is not
  // withdrawable for days.
  it('opens the insufficient-funds popup when amount and fee exceed the withdrawable balance, offering the most that can go', async () => {
    const sent = wallet(undefined, 5_000);
    renderApp('/payment?tab=withdraw');
    const user = userEvent.setup();
    const wire = await screen.findByRole('form', { name: 'Wire withdrawal' });
    expect(screen.getByRole('radio', { name: /Bank wire/ })).toHaveAccessibleName(/Fee \$25\.00 per request$/);
    expect(within(wire).getByLabelText(/Amount \(USD\)/)).toHaveAccessibleDescription(
      /Exactly \$25\.00: your withdrawable balance less the \$25\.00 fee\./,
    );
    await fillUsWire(user, { amount: '100' });
    await user.click(screen.getByLabelText('I confirm the bank information is correct'));
    await user.click(submitWire());
    const dialog = await screen.findByRole('dialog', { name: 'Insufficient funds' });
    // Session 62's hunt: "up to $25.00" then "you can withdraw $50.00" in one popup; the $50.00 is the balance.
    expect(dialog).toHaveAccessibleDescription('You can withdraw up to $25.00 now, plus the fee.');
    expect(
      within(dialog).getByText('This withdrawal needs $125.00 with the fee; your withdrawable balance is $50.00.'),
    ).toBeInTheDocument();
    expect(within(dialog).queryByRole('link', { name: 'Add funds' })).toBeNull();
    expect(posts(sent)).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Withdraw $25.00' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Insufficient funds' })).toBeNull());
    expect(within(wire).getByLabelText(/Amount \(USD\)/)).toHaveValue('25.00');
    await user.click(submitWire());
    await waitFor(() => expect(posts(sent)).toHaveLength(1));
    expect(posts(sent)[0]?.body).toMatchObject({ method: 'wire', amount: { amount: 2_500, currency: 'USD' } });
  });

  // Review of session 38: the wire's form stayed on offer, and could only end in "Insufficient funds".
  it('starts with USDC when the balance cannot pay for a wire’s smallest withdrawal with its fee, and says what a wire needs', async () => {
    const sent = wallet(undefined, 4_000);
    renderApp('/payment?tab=withdraw');
    const user = userEvent.setup();
    const wireChoice = await screen.findByRole('radio', { name: /Bank wire/ });
    expect(wireChoice).toHaveAccessibleName(/Fee \$25\.00 per request: needs \$50\.00 withdrawable$/);
    expect(await screen.findByRole('form', { name: 'USDC withdrawal' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: /USDC wallet/ })).toBeChecked();

    await user.click(wireChoice);
    expect(screen.queryByRole('form', { name: 'Wire withdrawal' })).toBeNull();
    const status = screen.getByText('A bank wire needs $50.00 withdrawable').closest<HTMLElement>('[role="status"]')!;
    expect(status).toHaveTextContent(
      'The smallest withdrawal this way is $25.00, and its fee is $25.00. Your withdrawable balance is $40.00.',
    );
    await user.click(within(status).getByRole('button', { name: 'Withdraw by USDC instead' }));
    expect(await screen.findByRole('form', { name: 'USDC withdrawal' })).toBeInTheDocument();
    expect(screen.getByLabelText(/Amount \(USD\)/)).toHaveAccessibleDescription(
      /From \$1\.00 to \$39\.00: your withdrawable balance less the \$1\.00 fee\./,
    );
    expect(posts(sent)).toHaveLength(0);
  });

  it('offers neither form when the balance pays for no method, and says what each needs', async () => {
    wallet(undefined, 150);
    renderApp('/payment?tab=withdraw');
    const user = userEvent.setup();
    expect(await screen.findByText('A bank wire needs $50.00 withdrawable')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /instead/ })).toBeNull();
    await user.click(screen.getByRole('radio', { name: /USDC wallet/ }));
    expect(await screen.findByText('A USDC withdrawal needs $2.00 withdrawable')).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'USDC withdrawal' })).toBeNull();
  });

  // Review of session 36: a $10.00 wire went out on one click, $35.00 from the balance for $10.00 sent.
  it('says under the amount that a wire must be at least its fee, before asking the API', async () => {
    const sent = wallet();
    renderApp('/payment?tab=withdraw');
    const user = userEvent.setup();
    const wire = await screen.findByRole('form', { name: 'Wire withdrawal' });
    const amount = within(wire).getByLabelText(/Amount \(USD\)/);
    expect(amount).toHaveAccessibleDescription(
      /From \$25\.00 to \$975\.00: your withdrawable balance less the \$25\.00 fee\./,
    );
    await fillUsWire(user, { amount: '10' });
    await user.click(screen.getByLabelText('I confirm the bank information is correct'));
    await user.click(submitWire());
    const refusal = await within(wire).findByText('A wire costs a $25.00 fee: withdraw at least $25.00 this way.');
    expect(amount.getAttribute('aria-describedby')).toContain(refusal.id);
    expect(posts(sent)).toHaveLength(0);
  });

  // Collector walk of session 44: the fee floor was told only once every other field was valid.
  it('says an amount under the fee on the first submit, with the empty fields', async () => {
    const sent = wallet();
    renderApp('/payment?tab=withdraw');
    const user = userEvent.setup();
    const wire = await screen.findByRole('form', { name: 'Wire withdrawal' });
    await user.type(within(wire).getByLabelText(/Amount \(USD\)/), '10');
    await user.click(submitWire());
    expect(
      await within(wire).findByText('A wire costs a $25.00 fee: withdraw at least $25.00 this way.'),
    ).toBeInTheDocument();
    expect(within(wire).getByText(withdrawalMessages.isConfirmed)).toBeInTheDocument();
    expect(posts(sent)).toHaveLength(0);
  });

  it('asks before another tab drops a typed request (Stay keeps it), and not once the request is taken', async () => {
    wallet((request) =>
      request.path === '/v1/withdrawals' && request.method === 'POST'
        ? json(201, { data: withdrawal({ method: 'usdc', amount: usd(1_000), fee: usd(100) }) })
        : undefined,
    );
    const { router } = renderApp('/payment?tab=withdraw');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('radio', { name: /USDC wallet/ }));
    await user.type(screen.getByLabelText(/Amount \(USD\)/), '10');
    await user.type(screen.getByLabelText(/USDC wallet address/), `0x${'ab'.repeat(20)}`);

    await user.click(screen.getByRole('tab', { name: 'Add funds' }));
    const dialog = await screen.findByRole('dialog', { name: 'Leave without saving?' });
    expect(dialog).toHaveTextContent('Your withdrawal request is not sent.');
    await user.click(within(dialog).getByRole('button', { name: 'Stay' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Leave without saving?' })).toBeNull());
    expect(router.state.location.search).toBe('?tab=withdraw');
    expect(screen.getByLabelText(/Amount \(USD\)/)).toHaveValue('10');

    await user.click(screen.getByLabelText('I confirm the wallet address is correct'));
    await user.click(screen.getByRole('button', { name: 'Request USDC withdrawal' }));
    await waitFor(() => expect(screen.getByLabelText(/Amount \(USD\)/)).toHaveValue(''));
    await user.click(screen.getByRole('tab', { name: 'Add funds' }));
    await waitFor(() => expect(router.state.location.search).toBe('?tab=add-funds'));
    expect(screen.queryByRole('dialog', { name: 'Leave without saving?' })).toBeNull();
  });

  // Session 34's note: card money became withdrawable "once the payment has settled", and the page never said when.
  it('says why part of the balance is not withdrawable, and from when the money settling can go out, before the forms', async () => {
    const withdrawableFrom = new Date(Date.now() + 5 * 24 * 60 * 60_000).toISOString();
    const soonest = { amount: usd(500), withdrawableFrom: new Date(Date.now() + 2 * 24 * 60 * 60_000).toISOString() };
    wallet(undefined, 5_000, 3_425, { amount: usd(2_000), withdrawableFrom, soonest });
    renderApp('/payment?tab=withdraw');
    expect(
      await screen.findByText(
        `$20.00 added by card or Tilia is still settling: $5.00 becomes withdrawable from ${formatDateTime(soonest.withdrawableFrom)}, and all of it from ${formatDateTime(withdrawableFrom)}, unless you spend it first. The other $14.25 is rewards and redeemed credit, for spending on drops, passes and tickets.`,
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Request wire withdrawal' })).toBeInTheDocument();
  });

  it('says credit alone is for spending', async () => {
    wallet(undefined, 5_000, 3_425);
    renderApp('/payment?tab=withdraw');
    expect(
      await screen.findByText(
        '$34.25 of your balance is not withdrawable: rewards and redeemed credit are for spending on drops, passes and tickets.',
      ),
    ).toBeInTheDocument();
  });

  // Review of session 33: with all of it still settling, the forms could only end in "Insufficient funds… add funds".
  it('offers no form while nothing is withdrawable, and says why', async () => {
    // Past the delay already: the settlement job's next run moves it.
    const past = new Date(Date.now() - 60_000).toISOString();
    wallet(undefined, 0, 3_425, {
      amount: usd(3_425),
      withdrawableFrom: past,
      soonest: { amount: usd(3_425), withdrawableFrom: past },
    });
    renderApp('/payment?tab=withdraw');
    expect(
      await screen.findByText(
        '$34.25 added by card or Tilia is still settling: it becomes withdrawable within the next few minutes, unless you spend it first.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByText(/Withdrawable:/)).toHaveTextContent('Withdrawable: $0.00');
    expect(screen.getByRole('heading', { name: 'Nothing to withdraw yet' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Request wire withdrawal' })).toBeNull();
    expect(screen.queryByRole('radio', { name: /USDC wallet/ })).toBeNull();
  });

  it("opens the insufficient-funds popup on the API's INSUFFICIENT_FUNDS (USDC)", async () => {
    wallet((request) => {
      if (request.path === '/v1/withdrawals' && request.method === 'POST') return apiFailure(409, 'INSUFFICIENT_FUNDS');
      // USDC without a fee, as the product's default configures it.
      if (request.path === '/v1/withdrawals/fees') return json(200, { data: { wire: usd(2_500), usdc: usd(0) } });
      return undefined;
    });
    renderApp('/payment?tab=withdraw');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('radio', { name: /USDC wallet/ }));
    await user.type(screen.getByLabelText(/Amount \(USD\)/), '10');
    await user.type(screen.getByLabelText(/USDC wallet address/), '0x12');
    await user.click(screen.getByLabelText('I confirm the wallet address is correct'));
    await user.click(screen.getByRole('button', { name: 'Request USDC withdrawal' }));
    expect(
      await screen.findByText('Please enter a valid USDC wallet address (0x followed by 40 characters).'),
    ).toBeInTheDocument();
    await user.clear(screen.getByLabelText(/USDC wallet address/));
    await user.type(screen.getByLabelText(/USDC wallet address/), `0x${'ab'.repeat(20)}`);
    await user.click(screen.getByRole('button', { name: 'Request USDC withdrawal' }));
    // No fee, so the popup names none.
    expect(await screen.findByRole('dialog', { name: 'Insufficient funds' })).toHaveAccessibleDescription(
      'Your withdrawable balance does not cover this withdrawal.',
    );
  });

  it('reads the balance and the requests again when an answer is lost, since the withdrawal may have been made', async () => {
    const sent = wallet((request) =>
      request.path === '/v1/withdrawals' && request.method === 'POST'
        ? apiFailure(503, 'SERVICE_UNAVAILABLE', 'The service is briefly unavailable.')
        : undefined,
    );
    const reads = () =>
      sent.filter(
        (request) =>
          request.method === 'GET' &&
          (request.path === '/v1/balances/my' || request.path.startsWith('/v1/withdrawals?')),
      ).length;
    renderApp('/payment?tab=withdraw');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('radio', { name: /USDC wallet/ }));
    await user.type(screen.getByLabelText(/Amount \(USD\)/), '10');
    await user.type(screen.getByLabelText(/USDC wallet address/), `0x${'ab'.repeat(20)}`);
    await user.click(screen.getByLabelText('I confirm the wallet address is correct'));
    const before = reads();
    await user.click(screen.getByRole('button', { name: 'Request USDC withdrawal' }));
    await waitFor(() => expect(posts(sent).length).toBeGreaterThan(0));
    await waitFor(() => expect(reads()).toBeGreaterThanOrEqual(before + 2));
  });

  it('opens "unable to verify wire transfer information" when the API refuses the bank details', async () => {
    wallet((request) =>
      request.path === '/v1/withdrawals' && request.method === 'POST'
        ? json(400, {
            code: 'INVALID_REQUEST',
            message: 'invalid',
            details: [{ field: 'wire.routingNumber', message: 'Please enter a valid 9-digit routing number.' }],
          })
        : undefined,
    );
    renderApp('/payment?tab=withdraw');
    const user = userEvent.setup();
    await fillUsWire(user);
    await user.click(screen.getByLabelText('I confirm the bank information is correct'));
    await user.click(submitWire());
    const dialog = await screen.findByRole('dialog', { name: 'Unable to verify wire transfer information' });
    expect(within(dialog).getByText('Please enter a valid 9-digit routing number.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Check the details' }));
    expect(screen.getByLabelText(/Routing number/).getAttribute('aria-invalid')).toBe('true');
  });

  it('shows a paid request with the payout’s reference, to find it where it arrived', async () => {
    wallet((request) =>
      request.path.startsWith('/v1/withdrawals?')
        ? json(200, page([withdrawal({ status: 'paid', payoutReference: 'FW-2026-1201-77' })]))
        : undefined,
    );
    renderApp('/payment?tab=withdraw');
    const list = await screen.findByRole('list', { name: 'Withdrawal requests' });
    const reference = within(list).getByText('FW-2026-1201-77');
    expect(reference.parentElement).toHaveTextContent('Reference: FW-2026-1201-77');
  });

  it('shows a rejected request with its reason and that the fee was kept', async () => {
    wallet((request) =>
      request.path.startsWith('/v1/withdrawals?')
        ? json(
            200,
            page([
              withdrawal({
                status: 'rejected',
                rejectionReason: 'Name does not match the account.',
                steps: [
                  { status: 'submitted', reason: null, at: '2026-11-20T10:00:00.000Z' },
                  { status: 'in_review', reason: null, at: '2026-11-20T12:00:00.000Z' },
                  { status: 'rejected', reason: 'Name does not match the account.', at: '2026-11-21T10:00:00.000Z' },
                ],
              }),
            ]),
          )
        : undefined,
    );
    renderApp('/payment?tab=withdraw');
    const list = await screen.findByRole('list', { name: 'Withdrawal requests' });
    expect(within(list).getByText('Rejected', { ignore: 'ol *' })).toBeInTheDocument();
    expect(within(list).getByText(/the fee was kept\. Reason: Name does not match the account\./)).toBeInTheDocument();
    expect(within(list).getByText(/^Nov 20, 2026, \d{1,2}:00 [AP]M$/, { ignore: 'ol *' })).toBeInTheDocument();
    // Each step, oldest first, with the reason where one was given.
    const steps = within(list).getByRole('list', { name: 'Steps of this withdrawal' });
    expect(
      within(steps)
        .getAllByRole('listitem')
        .map((step) => step.firstChild?.textContent),
    ).toEqual(['Submitted', 'In review', 'Rejected']);
    expect(within(steps).getByText('“Name does not match the account.”')).toBeInTheDocument();
  });

  // Console walk of session 46: a rejected USDC withdrawal said the fee was kept, where there was none.
  it('names no fee for a rejected or failed request that had none', async () => {
    const noFee = { method: 'usdc', destination: '0x52…ab3f', fee: { amount: 0, currency: 'USD' } };
    wallet((request) =>
      request.path.startsWith('/v1/withdrawals?')
        ? json(
            200,
            page([
              withdrawal({ ...noFee, id: 'w-rejected', status: 'rejected', rejectionReason: 'Unusual activity.' }),
              withdrawal({ ...noFee, id: 'w-failed', status: 'failed', failureReason: 'The address refused it.' }),
            ]),
          )
        : undefined,
    );
    renderApp('/payment?tab=withdraw');
    const list = await screen.findByRole('list', { name: 'Withdrawal requests' });
    expect(
      within(list).getByText('The amount went back to your balance. Reason: Unusual activity.'),
    ).toBeInTheDocument();
    expect(
      within(list).getByText(
        'The payout failed; the amount went back to your balance. Reason: The address refused it.',
      ),
    ).toBeInTheDocument();
    expect(within(list).queryByText(/fee/i, { ignore: 'ol *, span' })).toBeNull();
    // Nor "Fee $0.00" beside the dates (session 78's payouts hunt).
    expect(list).not.toHaveTextContent(/Fee/);
  });

  // Hunts of session 71: the list showed an operator's reason as typed ("Reason: Name does not match", no stop) and
  // nothing for a rejection without one, where the notice and the email say "no reason given".
  it('words a reason as the notice does: with its full stop, or "no reason given"', async () => {
    const noFee = { method: 'usdc', destination: '0x52…ab3f', fee: { amount: 0, currency: 'USD' } };
    wallet((request) =>
      request.path.startsWith('/v1/withdrawals?')
        ? json(
            200,
            page([
              withdrawal({ ...noFee, id: 'w-typed', status: 'rejected', rejectionReason: 'Name does not match' }),
              withdrawal({ ...noFee, id: 'w-none', status: 'rejected', rejectionReason: null }),
            ]),
          )
        : undefined,
    );
    renderApp('/payment?tab=withdraw');
    const list = await screen.findByRole('list', { name: 'Withdrawal requests' });
    expect(
      within(list).getByText('The amount went back to your balance. Reason: Name does not match.'),
    ).toBeInTheDocument();
    expect(
      within(list).getByText('The amount went back to your balance. Reason: no reason given.'),
    ).toBeInTheDocument();
  });

  // Wallet hunt of session 64: the list held the newest 20 and no more, so an older rejected request its
  // notification pointed to could not be found.
  it('pages the requests past the newest 20, page by page in the address', async () => {
    const sent = wallet((request) => {
      if (!request.path.startsWith('/v1/withdrawals?')) return undefined;
      const pageNumber = Number(new URLSearchParams(request.path.split('?')[1]).get('page'));
      const items =
        pageNumber === 2
          ? [withdrawal({ id: 'w-old', status: 'rejected', rejectionReason: 'Name does not match.' })]
          : Array.from({ length: 20 }, (_, index) => withdrawal({ id: `w-${index}` }));
      return json(200, { data: { items, page: pageNumber, size: 20, total: 21 } });
    });
    const user = userEvent.setup();
    renderApp('/payment?tab=withdraw');
    const list = await screen.findByRole('list', { name: 'Withdrawal requests' });
    expect(within(list).getAllByText(/to Chase •••• 6789/)).toHaveLength(20);
    await user.click(
      within(screen.getByRole('navigation', { name: 'Withdrawal pages' })).getByRole('link', { name: /Next/ }),
    );
    expect(await screen.findByText('Page 2 of 2')).toBeInTheDocument();
    expect(await screen.findByText(/Reason: Name does not match\./)).toBeInTheDocument();
    expect(sent.some((request) => request.path.startsWith('/v1/withdrawals?') && request.path.includes('page=2'))).toBe(
      true,
    );
  });
});

describe('payment page: payment methods', () => {
  it('refuses a card number that fails the Luhn check, and saves a good one showing name, brand and last four', async () => {
    let cards: unknown[] = [];
    const sent = wallet((request) => {
      if (request.path === '/v1/cards' && request.method === 'POST') {
        cards = [
          {
            id: 'c1',
            nameOnCard: 'Ada Lovelace',
            brand: 'Visa',
            last4: '4242',
            expMonth: 12,
            expYear: 2030,
            createdAt: '2026-11-22T00:00:00.000Z',
          },
        ];
        return json(201, { data: cards[0] });
      }
      if (request.path === '/v1/cards') return json(200, { data: cards });
      return undefined;
    });
    renderApp('/payment?tab=methods');
    const user = userEvent.setup();
    expect(await screen.findByText('No saved cards')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add a card' }));
    await user.type(screen.getByLabelText(/Name as on card/), 'A');
    await user.type(screen.getByLabelText(/Card number/), '4242 4242 4242 4241');
    await user.selectOptions(screen.getByLabelText(/Expiry month/), '12');
    await user.selectOptions(screen.getByLabelText(/Expiry year/), '2030');
    await user.click(screen.getByRole('button', { name: 'Save card' }));
    expect(await screen.findByText('Invalid credit card number. Please check again')).toBeInTheDocument();
    expect(
      screen.getByText('Please enter the name as it appears on the card (2 to 100 characters).'),
    ).toBeInTheDocument();
    expect(sent.some((request) => request.path === '/v1/cards' && request.method === 'POST')).toBe(false);

    await user.type(screen.getByLabelText(/Name as on card/), 'da Lovelace');

    await user.clear(screen.getByLabelText(/Card number/));
    await user.type(screen.getByLabelText(/Card number/), '4242 4242 4242 4242');
    await user.click(screen.getByRole('button', { name: 'Save card' }));
    const list = await screen.findByRole('list', { name: 'Saved cards' });
    expect(within(list).getByText(/Visa •••• 4242/)).toBeInTheDocument();
    expect(within(list).getByText(/Ada Lovelace · Expires 12\/2030/)).toBeInTheDocument();
    expect(list.textContent).not.toContain('4242 4242');
    expect(sent.find((request) => request.path === '/v1/cards' && request.method === 'POST')?.body).toEqual({
      nameOnCard: 'Ada Lovelace',
      cardNumber: '4242 4242 4242 4242',
      expMonth: 12,
      expYear: 2030,
    });
  });

  it("shows the API's Luhn refusal under the card number", async () => {
    wallet((request) =>
      request.path === '/v1/cards' && request.method === 'POST' ? apiFailure(400, 'INVALID_CARD_NUMBER') : undefined,
    );
    renderApp('/payment?tab=methods');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add a card' }));
    await user.type(screen.getByLabelText(/Name as on card/), 'Ada Lovelace');
    await user.type(screen.getByLabelText(/Card number/), '4242424242424242');
    await user.selectOptions(screen.getByLabelText(/Expiry month/), '1');
    await user.selectOptions(screen.getByLabelText(/Expiry year/), String(new Date().getFullYear() + 1));
    await user.click(screen.getByRole('button', { name: 'Save card' }));
    expect(await screen.findByText('Invalid credit card number. Please check again')).toBeInTheDocument();
    expect(screen.getByLabelText(/Card number/).getAttribute('aria-invalid')).toBe('true');
  });

  it('refuses a card whose expiry has passed, in the words the API uses, without asking it', async () => {
    // Mid-June of this year, so the year list (from this year on) offers May, which has passed.
    vi.useFakeTimers({ toFake: ['Date'], now: new Date(new Date().getFullYear(), 5, 15) });
    try {
      const sent = wallet();
      renderApp('/payment?tab=methods');
      const user = userEvent.setup();
      await user.click(await screen.findByRole('button', { name: 'Add a card' }));
      await user.type(screen.getByLabelText(/Name as on card/), 'Ada Lovelace');
      await user.type(screen.getByLabelText(/Card number/), '4242 4242 4242 4242');
      await user.selectOptions(screen.getByLabelText(/Expiry month/), '5');
      await user.selectOptions(screen.getByLabelText(/Expiry year/), String(new Date().getFullYear()));
      await user.click(screen.getByRole('button', { name: 'Save card' }));
      expect(await screen.findByText('This card has expired.')).toBeInTheDocument();
      expect(screen.getByLabelText(/Expiry month/).getAttribute('aria-invalid')).toBe('true');
      expect(sent.some((request) => request.path === '/v1/cards' && request.method === 'POST')).toBe(false);
    } finally {
      vi.useRealTimers();
    }
  });
});
