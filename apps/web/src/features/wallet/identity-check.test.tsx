import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startSession } from '../../lib/session.ts';
import { apiFailure, json, myUser, stubApi, type SentRequest } from '../../test/fake-api.ts';
import { renderApp } from '../../test/render-app.tsx';
import { stubLocationAssign } from '../../test/stub-location.ts';

const usd = (amount: number) => ({ amount, currency: 'USD' as const });
const cyp = (amount: number) => ({ amount, currency: 'CYP' as const });

const balances = {
  usd: { withdrawable: usd(50_000), nonWithdrawable: usd(0), held: usd(0), total: usd(50_000) },
  cyp: { withdrawable: cyp(0), nonWithdrawable: cyp(0), held: cyp(0), total: cyp(0) },
  cypUnit: { minorUnits: 2, cypPerUsd: 100 },
};

function attempt(changes: Record<string, unknown> = {}) {
  return {
    id: 'idv-1',
    status: 'pending',
    failureReason: null,
    verificationUrl: 'http://localhost/dev/identity/idv_sandbox_1',
    createdAt: '2026-11-22T08:00:00.000Z',
    updatedAt: '2026-11-22T08:00:00.000Z',
    ...changes,
  };
}
const none = { status: 'none', verification: null };
const standing = (changes: Record<string, unknown>) => {
  const verification = attempt(changes);
  return { status: verification.status, verification };
};

type Route = (request: SentRequest) => Response | undefined;

/** The wallet API with `identity()` answering GET /v1/identity-verifications/my each time it is asked. */
function wallet(identity: () => object, route: Route = () => undefined) {
  startSession({ accessToken: 'a1', refreshToken: 'r1' });
  return stubApi((request) => {
    const answer = route(request);
    if (answer) return answer;
    const path = request.path.split('?')[0];
    if (path === '/v1/identity-verifications/my') return json(200, { data: identity() });
    if (path === '/v1/users/my') return json(200, { data: myUser({ nickname: 'Ada' }) });
    if (path === '/v1/balances/my') return json(200, { data: balances });
    if (path === '/v1/withdrawals/fees') return json(200, { data: { wire: usd(2_500), usdc: usd(0) } });
    if (path === '/v1/withdrawals' && request.method === 'GET') {
      return json(200, { data: { items: [], page: 1, size: 20, total: 0 } });
    }
    if (path === '/v1/bank-accounts' || path === '/v1/wallet-addresses') return json(200, { data: [] });
    return apiFailure(404, 'NOT_FOUND');
  });
}

const starts = (sent: SentRequest[]) =>
  sent.filter((request) => request.path === '/v1/identity-verifications' && request.method === 'POST');

let assign: ReturnType<typeof vi.fn<(url: string | URL) => void>>;
beforeEach(() => {
  assign = vi.fn<(url: string | URL) => void>();
  stubLocationAssign(assign);
});
afterEach(() => vi.useRealTimers());

describe('payment page: identity verification before withdrawing', () => {
  it('not verified: the verify card starts an attempt and goes to the provider page, no forms', async () => {
    const sent = wallet(
      () => none,
      (request) =>
        request.path === '/v1/identity-verifications' && request.method === 'POST'
          ? json(201, { data: attempt() })
          : undefined,
    );
    renderApp('/payment?tab=withdraw');
    const card = await screen.findByRole('region', { name: 'Verify your identity' });
    expect(screen.queryByRole('button', { name: 'Request wire withdrawal' })).toBeNull();
    expect(screen.queryByLabelText(/Amount \(USD\)/)).toBeNull();
    await userEvent.setup().click(within(card).getByRole('button', { name: 'Verify your identity' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('http://localhost/dev/identity/idv_sandbox_1'));
    expect(starts(sent)).toHaveLength(1);
    expect(starts(sent)[0]?.authorization).toBe('Bearer a1');
  });

  it("says why when the verification cannot start (the provider's 502)", async () => {
    wallet(
      () => none,
      (request) =>
        request.path === '/v1/identity-verifications' && request.method === 'POST'
          ? apiFailure(502, 'IDENTITY_PROVIDER_UNAVAILABLE')
          : undefined,
    );
    renderApp('/payment?tab=withdraw');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Verify your identity' }));
    expect(
      await screen.findByText('The identity verification service could not be reached. Please try again in a moment.'),
    ).toBeInTheDocument();
    expect(assign).not.toHaveBeenCalled();
  });

  it("pending: says we're checking the ID and asks again until it is verified, then shows the forms", async () => {
    let reads = 0;
    const sent = wallet(() => {
      reads += 1;
      return reads < 3 ? standing({ status: 'pending' }) : standing({ status: 'verified', verificationUrl: null });
    });
    renderApp('/payment?tab=withdraw');
    const card = await screen.findByRole('region', { name: "We're checking your ID" });
    expect(
      within(card)
        .getByRole('link', { name: /Continue the verification/ })
        .getAttribute('href'),
    ).toBe('http://localhost/dev/identity/idv_sandbox_1');
    expect(screen.queryByRole('button', { name: 'Request wire withdrawal' })).toBeNull();
    expect(await screen.findByRole('button', { name: 'Request wire withdrawal' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: "We're checking your ID" })).toBeNull();
    const identityReads = sent.filter((request) => request.path === '/v1/identity-verifications/my');
    expect(identityReads.length).toBeGreaterThanOrEqual(3);
  });

  it('failed: opens the "Resubmit ID" popup with the reason in plain words; resubmitting starts a new attempt', async () => {
    const sent = wallet(
      () => standing({ status: 'failed', failureReason: 'document_unreadable', verificationUrl: null }),
      (request) =>
        request.path === '/v1/identity-verifications' && request.method === 'POST'
          ? json(201, {
              data: attempt({ id: 'idv-2', verificationUrl: 'http://localhost/dev/identity/idv_sandbox_2' }),
            })
          : undefined,
    );
    renderApp('/payment?tab=withdraw');
    const dialog = await screen.findByRole('dialog', { name: 'Resubmit ID' });
    expect(within(dialog).getByText('We could not verify your identity. Please resubmit your ID.')).toBeInTheDocument();
    expect(within(dialog).getByText(/could not read the photo of your ID/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Request wire withdrawal' })).toBeNull();

    const user = userEvent.setup();
    await user.click(within(dialog).getByRole('button', { name: 'Not now' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Resubmit ID' })).toBeNull());
    const card = screen.getByRole('region', { name: 'We could not verify your identity' });
    expect(within(card).getByText(/could not read the photo of your ID/)).toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Resubmit ID' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('http://localhost/dev/identity/idv_sandbox_2'));
    expect(starts(sent)).toHaveLength(1);
  });

  it('does not open the popup again on a later visit once closed for that check, and opens it for a new failure', async () => {
    let failedId = 'idv-1';
    wallet(() =>
      standing({ id: failedId, status: 'failed', failureReason: 'document_unreadable', verificationUrl: null }),
    );
    const first = renderApp('/payment?tab=withdraw');
    await userEvent
      .setup()
      .click(
        within(await screen.findByRole('dialog', { name: 'Resubmit ID' })).getByRole('button', { name: 'Not now' }),
      );
    first.unmount();
    const second = renderApp('/payment?tab=withdraw');
    expect(await screen.findByRole('region', { name: 'We could not verify your identity' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Resubmit ID' })).toBeNull();
    second.unmount();
    failedId = 'idv-2';
    renderApp('/payment?tab=withdraw');
    expect(await screen.findByRole('dialog', { name: 'Resubmit ID' })).toBeInTheDocument();
  });

  it('names a name mismatch, and resubmits from the popup itself', async () => {
    wallet(
      () => standing({ status: 'failed', failureReason: 'name_mismatch', verificationUrl: null }),
      (request) =>
        request.path === '/v1/identity-verifications' && request.method === 'POST'
          ? json(201, {
              data: attempt({ id: 'idv-3', verificationUrl: 'http://localhost/dev/identity/idv_sandbox_3' }),
            })
          : undefined,
    );
    renderApp('/payment?tab=withdraw');
    const dialog = await screen.findByRole('dialog', { name: 'Resubmit ID' });
    expect(within(dialog).getByText(/name on your ID does not match the name on your account/)).toBeInTheDocument();
    await userEvent.setup().click(within(dialog).getByRole('button', { name: 'Resubmit ID' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('http://localhost/dev/identity/idv_sandbox_3'));
  });

  it('verified and back from the provider (?identity=<id>): says so, and the forms are there', async () => {
    wallet(() => standing({ id: 'idv-9', status: 'verified', verificationUrl: null }));
    renderApp('/payment?tab=withdraw&identity=idv-9');
    expect(await screen.findByText('Identity verified')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Request wire withdrawal' })).toBeInTheDocument();
  });

  it('verified without a return: only the forms, no outcome', async () => {
    wallet(() => standing({ status: 'verified', verificationUrl: null }));
    renderApp('/payment?tab=withdraw');
    expect(await screen.findByRole('button', { name: 'Request wire withdrawal' })).toBeInTheDocument();
    expect(screen.queryByText('Identity verified')).toBeNull();
  });

  it('opens the popup when a withdrawal is refused with IDENTITY_VERIFICATION_FAILED (the check failed since)', async () => {
    let isRefused = false;
    wallet(
      () =>
        isRefused
          ? standing({ status: 'failed', failureReason: 'name_mismatch', verificationUrl: null })
          : standing({ status: 'verified', verificationUrl: null }),
      (request) => {
        if (request.path !== '/v1/withdrawals' || request.method !== 'POST') return undefined;
        isRefused = true;
        return apiFailure(403, 'IDENTITY_VERIFICATION_FAILED');
      },
    );
    renderApp('/payment?tab=withdraw');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('radio', { name: /USDC wallet/ }));
    await user.type(screen.getByLabelText(/Amount \(USD\)/), '10');
    await user.type(screen.getByLabelText(/USDC wallet address/), `0x${'ab'.repeat(20)}`);
    await user.click(screen.getByLabelText('I confirm the wallet address is correct'));
    await user.click(screen.getByRole('button', { name: 'Request USDC withdrawal' }));
    const dialog = await screen.findByRole('dialog', { name: 'Resubmit ID' });
    expect(within(dialog).getByText(/name on your ID does not match/)).toBeInTheDocument();
  });

  it('shows the verify card when a withdrawal is refused with IDENTITY_VERIFICATION_REQUIRED', async () => {
    let isRefused = false;
    wallet(
      () => (isRefused ? none : standing({ status: 'verified', verificationUrl: null })),
      (request) => {
        if (request.path !== '/v1/withdrawals' || request.method !== 'POST') return undefined;
        isRefused = true;
        return apiFailure(403, 'IDENTITY_VERIFICATION_REQUIRED');
      },
    );
    renderApp('/payment?tab=withdraw');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('radio', { name: /USDC wallet/ }));
    await user.type(screen.getByLabelText(/Amount \(USD\)/), '10');
    await user.type(screen.getByLabelText(/USDC wallet address/), `0x${'ab'.repeat(20)}`);
    await user.click(screen.getByLabelText('I confirm the wallet address is correct'));
    await user.click(screen.getByRole('button', { name: 'Request USDC withdrawal' }));
    expect(await screen.findByRole('region', { name: 'Verify your identity' })).toBeInTheDocument();
  });
});
