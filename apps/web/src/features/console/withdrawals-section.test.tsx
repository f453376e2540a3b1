import {
  errorCatalogue,
  payoutReferenceMessages,
  type TConsoleWithdrawal,
  type TConsoleWithdrawalDetail,
  type TWithdrawalReviewContext,
  type TWithdrawalStatus,
} from '@cypher/contract';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { startSession } from '../../lib/session.ts';
import { consoleMe, pathnameOf, queryOf } from '../../test/catalog-fixtures.ts';
import { apiFailure, json, myUser, stubApi, type SentRequest } from '../../test/fake-api.ts';
import { expectAdminOnlySection } from '../../test/admin-only-section.ts';
import { renderApp } from '../../test/render-app.tsx';

// A journey here opens a withdrawal, types and moves: on a busy machine that takes longer than five seconds.
const JOURNEY_MS = 30_000;

const admin = consoleMe({ roles: ['admin'], isAdmin: true, brands: [] });
const older = '0190a0b0-0000-7000-8000-0000000000f1';
const newer = '0190a0b0-0000-7000-8000-0000000000f2';
const fan = { id: '0190a0b0-0000-7000-8000-0000000000a1', email: 'fan@example.com', nickname: 'AdaFan' };
const adminPerson = { id: '0190a0b0-0000-7000-8000-0000000000a9', email: 'admin@example.com', nickname: 'Admin' };
const usdcAddress = '0x52908400098527886E0F7030069857D2E4169EE7';

function withdrawal(changes: Partial<TConsoleWithdrawalDetail> = {}): TConsoleWithdrawalDetail {
  return {
    id: older,
    method: 'wire',
    status: 'submitted',
    amount: { amount: 123450, currency: 'USD' },
    fee: { amount: 2500, currency: 'USD' },
    destination: 'First Bank •••• 6789',
    rejectionReason: null,
    failureReason: null,
    payoutReference: null,
    createdAt: '2026-11-20T10:00:00.000Z',
    updatedAt: '2026-11-20T10:00:00.000Z',
    user: fan,
    payoutDetails: {
      firstName: 'Ada',
      lastName: 'Fan',
      bankName: 'First Bank',
      branch: 'Main',
      address: '1 Main St',
      city: 'Springfield',
      state: 'IL',
      zip: '62701',
      country: 'US',
      routingNumber: '021000021',
      accountNumber: '123456789',
    },
    history: [{ status: 'submitted', by: fan, reason: null, at: '2026-11-20T10:00:00.000Z' }],
    ...changes,
  };
}

/** What a move answers: the withdrawal in its new state, with the step added to its history. */
function moved(row: TConsoleWithdrawalDetail, status: TWithdrawalStatus, reason: string | null = null) {
  const at = '2026-11-21T09:00:00.000Z';
  return {
    ...row,
    status,
    updatedAt: at,
    ...(status === 'rejected' ? { rejectionReason: reason } : {}),
    ...(status === 'failed' ? { failureReason: reason } : {}),
    history: [...row.history, { status, by: adminPerson, reason, at }],
  };
}

const usd = (amount: number) => ({ amount, currency: 'USD' as const });

/** The person behind the request as the review reads them: a month here, verified, paid once to this account. */
function reviewContext(changes: Partial<TWithdrawalReviewContext> = {}): TWithdrawalReviewContext {
  return {
    person: { joinedAt: '2026-10-01T09:00:00.000Z', identityVerifiedAt: '2026-10-02T09:00:00.000Z' },
    balance: { withdrawable: usd(40_000), nonWithdrawable: usd(1_500), held: usd(125_950), total: usd(167_450) },
    added: { count: 3, total: usd(300_000) },
    paidOut: { count: 1, total: usd(100_000) },
    otherRequests: [],
    otherRequestCount: 0,
    destination: { paidBefore: 1, sharedWith: [] },
    ...changes,
  };
}

function listItem({ history: _history, ...item }: TConsoleWithdrawalDetail): TConsoleWithdrawal {
  return item;
}

/**
 * An admin console over a small in-memory withdrawals API that answers like the real one: newest first, filtered
 * by status, a page at a time; one withdrawal with its history by id; `move` answers the POSTs.
 */
function consoleWithWithdrawals(
  rows: TConsoleWithdrawalDetail[],
  options: {
    me?: typeof admin;
    move?: (request: SentRequest) => Response;
    /** What the review's context answers; a standing person by default. */
    context?: () => Response;
  } = {},
): SentRequest[] {
  startSession({ accessToken: 'access-1', refreshToken: 'refresh-1' });
  return stubApi((request) => {
    const path = pathnameOf(request.path);
    if (path === '/v1/users/my') return json(200, { data: myUser({ isOperator: true }) });
    if (path === '/v1/console/me') return json(200, { data: options.me ?? admin });
    if (path === '/v1/console/withdrawals' && request.method === 'GET') {
      const query = queryOf(request.path);
      const size = Number(query.get('size') ?? 20);
      const number = Number(query.get('page') ?? 1);
      const status = query.get('status');
      const matching = rows
        .filter((row) => !status || row.status === status)
        .sort((a, b) => b.createdAt.localeCompare(a.createdAt));
      const items = matching.slice((number - 1) * size, number * size).map(listItem);
      return json(200, { data: { items, page: number, size, total: matching.length } });
    }
    if (/^\/v1\/console\/withdrawals\/[^/]+\/context$/.test(path)) {
      return options.context?.() ?? json(200, { data: reviewContext() });
    }
    const one = /^\/v1\/console\/withdrawals\/([^/]+)$/.exec(path);
    if (one && request.method === 'GET') {
      const found = rows.find((row) => row.id === one[1]);
      if (found) return json(200, { data: found });
      // The API's answer to an id of the wrong shape: 400, naming the id.
      if (!/^[0-9a-f-]{36}$/.test(one[1]!)) {
        return json(400, {
          code: 'INVALID_REQUEST',
          message: errorCatalogue.INVALID_REQUEST.message,
          details: [{ field: 'id', message: 'Invalid UUID' }],
        });
      }
      return apiFailure(404, 'WITHDRAWAL_NOT_FOUND', errorCatalogue.WITHDRAWAL_NOT_FOUND.message);
    }
    if (path.startsWith('/v1/console/withdrawals/') && request.method === 'POST' && options.move) {
      return options.move(request);
    }
    return apiFailure(404, 'NOT_FOUND');
  });
}

/** A move to `status` that records the reason it is sent, as the API does, and answers the withdrawal so moved. */
const movesTo =
  (rows: TConsoleWithdrawalDetail[], status: TWithdrawalStatus) =>
  ({ body }: SentRequest) => {
    rows[0] = moved(rows[0]!, status, (body as { reason: string }).reason);
    return json(200, { data: rows[0] });
  };

/** A move refused because another admin approved the withdrawal first: it is approved now, and the API says so. */
const approvedMeanwhile = (rows: TConsoleWithdrawalDetail[]) => () => {
  rows[0] = moved(rows[0]!, 'approved');
  return apiFailure(409, 'WITHDRAWAL_STATUS_CONFLICT');
};

/** Clicks `move` under Next step; gives that region and the dialog, named `asking`, that it opens. */
async function openMove(user: ReturnType<typeof userEvent.setup>, move: string, asking: string) {
  const actions = await screen.findByRole('region', { name: 'Next step' });
  await user.click(within(actions).getByRole('button', { name: move }));
  return { actions, dialog: await screen.findByRole('dialog', { name: asking }) };
}

/** Waits until the page has sent exactly one POST, and gives it. */
async function onlyPost(sent: SentRequest[]) {
  const posts = () => sent.filter((request) => request.method === 'POST');
  await waitFor(() => expect(posts()).toHaveLength(1));
  return posts()[0]!;
}

describe('console withdrawals', () => {
  it('is a section for admins, and closed to brand managers even by its address', async () => {
    await expectAdminOnlySection({
      link: 'Withdrawals',
      path: '/console/withdrawals',
      api: '/v1/console/withdrawals',
      stubForAdmin: () => consoleWithWithdrawals([]),
      stubForBrandManager: () => consoleWithWithdrawals([withdrawal()], { me: consoleMe() }),
    });
  });

  it('lists requests newest first, one page per view, with the person, amounts, fees and states', async () => {
    const sent = consoleWithWithdrawals([
      withdrawal(),
      withdrawal({
        id: newer,
        method: 'usdc',
        status: 'in_review',
        amount: { amount: 50000, currency: 'USD' },
        fee: { amount: 0, currency: 'USD' },
        // Not every person has chosen a nickname yet: the address stands in.
        user: { id: '0190a0b0-0000-7000-8000-0000000000a2', email: 'collector@example.com', nickname: null },
        payoutDetails: { address: usdcAddress },
        createdAt: '2026-11-21T10:00:00.000Z',
        updatedAt: '2026-11-21T11:00:00.000Z',
      }),
    ]);
    const user = userEvent.setup();
    renderApp('/console/withdrawals');

    const table = await screen.findByRole('table', { name: 'Withdrawal requests' });
    const [, first, second] = within(table).getAllByRole('row');
    // The address may wrap after the @ (a <wbr>), which the test DOM's name computation reads as a space.
    expect(within(first!).getByRole('link', { name: /^collector@\s?example\.com$/ })).toBeInTheDocument();
    expect(within(first!).getByText('USDC')).toBeInTheDocument();
    expect(within(first!).getByText('$500.00')).toBeInTheDocument();
    expect(within(first!).getByText('$0.00')).toBeInTheDocument();
    expect(within(first!).getByText('In review')).toBeInTheDocument();
    expect(within(second!).getByRole('link', { name: 'AdaFan' }).getAttribute('href')).toBe(
      `/console/withdrawals/${older}`,
    );
    expect(within(second!).getByText(/^fan@\s?example\.com$/)).toBeInTheDocument();
    expect(within(second!).getByText('Wire')).toBeInTheDocument();
    expect(within(second!).getByText('$1,234.50')).toBeInTheDocument();
    expect(within(second!).getByText('$25.00')).toBeInTheDocument();
    expect(within(second!).getByText('Submitted')).toBeInTheDocument();

    // The page it shows, as the API gives it: no counting first, no other pages read.
    const listQueries = () =>
      new Set(
        sent
          .filter((request) => pathnameOf(request.path) === '/v1/console/withdrawals')
          .map((request) => {
            const query = queryOf(request.path);
            query.sort();
            return query.toString();
          }),
      );
    expect(listQueries()).toEqual(new Set(['page=1&size=20']));

    const filters = screen.getByRole('navigation', { name: 'Withdrawal state' });
    await user.click(within(filters).getByRole('link', { name: 'Paid' }));
    expect(await screen.findByRole('heading', { name: 'No withdrawal requests' })).toBeInTheDocument();
    expect(listQueries()).toEqual(new Set(['page=1&size=20', 'page=1&size=20&status=paid']));
  });

  it('says so when there are no requests at all', async () => {
    consoleWithWithdrawals([]);
    renderApp('/console/withdrawals');
    expect(await screen.findByRole('heading', { name: 'No withdrawal requests' })).toBeInTheDocument();
  });

  it.each<[TWithdrawalStatus, string[]]>([
    ['submitted', ['Start review', 'Approve', 'Reject']],
    ['in_review', ['Approve', 'Reject']],
    ['approved', ['Mark paid', 'Mark failed']],
    ['paid', []],
    ['rejected', []],
  ])('offers only the moves the state table allows from %s', async (status, offered) => {
    consoleWithWithdrawals([withdrawal({ status })]);
    renderApp(`/console/withdrawals/${older}`);

    const actions = await screen.findByRole('region', { name: 'Next step' });
    const all = ['Start review', 'Approve', 'Reject', 'Mark paid', 'Mark failed'];
    for (const name of all) {
      expect(within(actions).queryByRole('button', { name }) !== null, name).toBe(offered.includes(name));
    }
    if (offered.length === 0) {
      const closed = { paid: 'paid', rejected: 'rejected', failed: 'marked failed' }[status as string];
      expect(
        within(actions).getByText(`This withdrawal is ${closed}: there is nothing more to do.`),
      ).toBeInTheDocument();
    }
  });

  // Console review (finding 2): the API refuses every move on an admin's own withdrawal (OWN_REVIEW_NOT_ALLOWED).
  it.each<TWithdrawalStatus>(['submitted', 'approved'])(
    'offers no move on the admin’s own withdrawal when %s, and says why',
    async (status) => {
      const own = { id: admin.userId, email: admin.email, nickname: admin.nickname };
      const sent = consoleWithWithdrawals([withdrawal({ status, user: own })]);
      renderApp(`/console/withdrawals/${older}`);

      const actions = await screen.findByRole('region', { name: 'Next step' });
      expect(within(actions).getByText('Another admin must review your own withdrawal.')).toBeInTheDocument();
      expect(within(actions).queryByRole('button')).toBeNull();
      expect(sent.some((request) => request.method === 'POST')).toBe(false);
    },
  );

  it('shows the bank details and the USDC address as the API gives them', async () => {
    consoleWithWithdrawals([
      withdrawal(),
      withdrawal({
        id: newer,
        method: 'usdc',
        payoutDetails: { address: usdcAddress },
      }),
    ]);
    const { unmount } = renderApp(`/console/withdrawals/${older}`);
    const bank = await screen.findByRole('region', { name: 'Bank details' });
    expect(within(bank).getByText('021000021')).toBeInTheDocument();
    expect(within(bank).getByText('123456789')).toBeInTheDocument();
    expect(within(bank).getByText('First Bank')).toBeInTheDocument();
    // The country by name, as the person's own forms show it.
    expect(within(bank).getByText('United States')).toBeInTheDocument();
    unmount();

    renderApp(`/console/withdrawals/${newer}`);
    const usdc = await screen.findByRole('region', { name: 'USDC address' });
    expect(within(usdc).getByText(usdcAddress)).toBeInTheDocument();
  });

  it('asks for a reason before rejecting, posts it, and shows the new state', async () => {
    const rows = [withdrawal({ status: 'in_review' })];
    const sent = consoleWithWithdrawals(rows, { move: movesTo(rows, 'rejected') });
    const user = userEvent.setup();
    renderApp(`/console/withdrawals/${older}`);

    const { dialog } = await openMove(user, 'Reject', 'Reject this withdrawal?');
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await within(dialog).findByText('Please give the reason. The person sees it.')).toBeInTheDocument();
    expect(sent.some((request) => request.method === 'POST')).toBe(false);

    await user.type(within(dialog).getByLabelText(/^Reason/), 'The name on the account does not match.');
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));

    const post = await onlyPost(sent);
    expect(pathnameOf(post.path)).toBe(`/v1/console/withdrawals/${older}/reject`);
    expect(post.body).toEqual({ reason: 'The name on the account does not match.' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByText(/nothing more to do/)).toBeInTheDocument();
    expect(screen.getByText('The name on the account does not match.')).toBeInTheDocument();
    const history = screen.getByRole('region', { name: 'History' });
    expect(within(history).getByText('Rejected')).toBeInTheDocument();
    expect(within(history).getByText('“The name on the account does not match.”')).toBeInTheDocument();
  });

  it('names the fee kept on a rejection only when there is one (a USDC withdrawal has none)', async () => {
    consoleWithWithdrawals([
      withdrawal(),
      withdrawal({
        id: newer,
        method: 'usdc',
        fee: { amount: 0, currency: 'USD' },
        amount: { amount: 2500, currency: 'USD' },
        payoutDetails: { address: usdcAddress },
      }),
    ]);
    const user = userEvent.setup();
    const { unmount } = renderApp(`/console/withdrawals/${older}`);
    const { dialog: wire } = await openMove(user, 'Reject', 'Reject this withdrawal?');
    expect(
      within(wire).getByText(
        '$1,234.50 goes back to AdaFan (fan@example.com)’s withdrawable balance; the $25.00 fee is kept.',
      ),
    ).toBeInTheDocument();
    unmount();

    renderApp(`/console/withdrawals/${newer}`);
    const { dialog: usdc } = await openMove(user, 'Reject', 'Reject this withdrawal?');
    expect(
      within(usdc).getByText('$25.00 goes back to AdaFan (fan@example.com)’s withdrawable balance.'),
    ).toBeInTheDocument();
    expect(within(usdc).queryByText(/\$0\.00/)).toBeNull();
  });

  /** The withdrawal's page where Mark paid records the reference it is sent, as the API does. */
  function consoleMarkingPaid(rows: TConsoleWithdrawalDetail[]) {
    return consoleWithWithdrawals(rows, {
      move: ({ body }) => {
        rows[0] = {
          ...moved(rows[0]!, 'paid'),
          payoutReference: (body as { payoutReference: string }).payoutReference,
        };
        return json(200, { data: rows[0] });
      },
    });
  }

  /** Clicks Mark paid under Next step and gives the dialog it opens. */
  async function openMarkPaid(user: ReturnType<typeof userEvent.setup>) {
    return (await openMove(user, 'Mark paid', 'Mark this withdrawal paid?')).dialog;
  }

  // Session 34's note: "Mark paid" recorded nothing of the payout, so neither the person nor the books could trace it.
  it('asks for the payout reference before marking paid, posts it, and shows it', async () => {
    const rows = [withdrawal({ status: 'approved' })];
    const sent = consoleMarkingPaid(rows);
    const user = userEvent.setup();
    renderApp(`/console/withdrawals/${older}`);

    const dialog = await openMarkPaid(user);
    await user.click(within(dialog).getByRole('button', { name: 'Mark paid' }));
    expect(await within(dialog).findByText(payoutReferenceMessages.required)).toBeInTheDocument();
    expect(sent.some((request) => request.method === 'POST')).toBe(false);

    await user.type(within(dialog).getByLabelText(/^Payout reference/), 'FW-2026-1201-77');
    await user.click(within(dialog).getByRole('button', { name: 'Mark paid' }));

    const post = await onlyPost(sent);
    expect(pathnameOf(post.path)).toBe(`/v1/console/withdrawals/${older}/paid`);
    expect(post.body).toEqual({ payoutReference: 'FW-2026-1201-77' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const summary = await screen.findByRole('region', { name: 'Request' });
    expect(within(summary).getByText('Payout reference')).toBeInTheDocument();
    expect(within(summary).getByText('FW-2026-1201-77')).toBeInTheDocument();
  });

  it('asks a USDC payout for its transaction hash, and refuses a wallet address in its place', async () => {
    const rows = [
      withdrawal({
        status: 'approved',
        method: 'usdc',
        payoutDetails: { address: usdcAddress },
      }),
    ];
    const sent = consoleMarkingPaid(rows);
    const user = userEvent.setup();
    renderApp(`/console/withdrawals/${older}`);

    const dialog = await openMarkPaid(user);
    expect(dialog).toHaveTextContent('The transaction hash of the USDC payment');
    await user.type(within(dialog).getByLabelText(/^Payout reference/), usdcAddress);
    await user.click(within(dialog).getByRole('button', { name: 'Mark paid' }));
    expect(await within(dialog).findByText(payoutReferenceMessages.usdcHash)).toBeInTheDocument();
    expect(sent.some((request) => request.method === 'POST')).toBe(false);

    const hash = `0x${'ab'.repeat(32)}`;
    await user.clear(within(dialog).getByLabelText(/^Payout reference/));
    await user.type(within(dialog).getByLabelText(/^Payout reference/), hash);
    await user.click(within(dialog).getByRole('button', { name: 'Mark paid' }));
    expect((await onlyPost(sent)).body).toEqual({ payoutReference: hash });
  });

  it('asks why a payout failed, posts the reason, and shows it', async () => {
    const rows = [withdrawal({ status: 'approved' })];
    const sent = consoleWithWithdrawals(rows, { move: movesTo(rows, 'failed') });
    const user = userEvent.setup();
    renderApp(`/console/withdrawals/${older}`);

    const { dialog } = await openMove(user, 'Mark failed', 'Mark this withdrawal failed?');
    expect(
      within(dialog).getByText(/go back to AdaFan \(fan@example\.com\)’s withdrawable balance/),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Mark failed' }));
    expect(await within(dialog).findByText('Please give the reason. The person sees it.')).toBeInTheDocument();
    expect(sent.some((request) => request.method === 'POST')).toBe(false);

    await user.type(within(dialog).getByLabelText(/^Reason/), 'The bank returned the wire: account closed.');
    await user.click(within(dialog).getByRole('button', { name: 'Mark failed' }));

    const post = await onlyPost(sent);
    expect(pathnameOf(post.path)).toBe(`/v1/console/withdrawals/${older}/failed`);
    expect(post.body).toEqual({ reason: 'The bank returned the wire: account closed.' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const summary = screen.getByRole('region', { name: 'Request' });
    expect(within(summary).getByText('The bank returned the wire: account closed.')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'History' })).getByText('Marked failed')).toBeInTheDocument();
  });

  it('opens one withdrawal by its address, reading only it, and shows the person and the API’s history', async () => {
    const sent = consoleWithWithdrawals([
      withdrawal({
        status: 'rejected',
        rejectionReason: 'Name does not match.',
        history: [
          { status: 'submitted', by: fan, reason: null, at: '2026-11-20T10:00:00.000Z' },
          { status: 'in_review', by: adminPerson, reason: null, at: '2026-11-20T11:00:00.000Z' },
          { status: 'rejected', by: null, reason: 'Name does not match.', at: '2026-11-20T12:00:00.000Z' },
        ],
      }),
    ]);
    renderApp(`/console/withdrawals/${older}`);

    const history = await screen.findByRole('region', { name: 'History' });
    const steps = within(history).getAllByRole('listitem');
    expect(steps.map((step) => step.querySelector('span')?.textContent)).toEqual([
      'Submitted',
      'Review started',
      'Rejected',
    ]);
    expect(steps[0]!.textContent).toContain('by AdaFan (fan@example.com)');
    expect(steps[1]!.textContent).toContain('by Admin (admin@example.com)');
    expect(steps[2]!.textContent).toContain('by the command line');
    expect(within(steps[2]!).getByText('“Name does not match.”')).toBeInTheDocument();

    const summary = screen.getByRole('region', { name: 'Request' });
    expect(within(summary).getByText('AdaFan')).toBeInTheDocument();
    expect(within(summary).getByText(/^fan@\s?example\.com$/)).toBeInTheDocument();

    // No list scanned for it, no audit log read for its history.
    const consoleReads = new Set(
      sent.map((request) => pathnameOf(request.path)).filter((path) => path.startsWith('/v1/console/')),
    );
    expect(consoleReads).toEqual(
      new Set(['/v1/console/me', `/v1/console/withdrawals/${older}`, `/v1/console/withdrawals/${older}/context`]),
    );
  });

  // Console walk of session 46: a withdrawal not found offered a Try again that could never help.
  it.each([
    ['an id nobody has', () => newer],
    ['an id of the wrong shape', () => 'not-a-uuid'],
  ])('says it is not here for %s, with the way back to the list', async (_case, id) => {
    consoleWithWithdrawals([withdrawal()]);
    renderApp(`/console/withdrawals/${id()}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'This withdrawal is not here' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'All withdrawals' })).toHaveAttribute('href', '/console/withdrawals');
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  });

  it('shows the API’s message when another admin moved it first', async () => {
    const rows = [withdrawal()];
    const sent = consoleWithWithdrawals(rows, {
      // Another admin approved it a moment before this one clicked.
      move: approvedMeanwhile(rows),
    });
    const user = userEvent.setup();
    renderApp(`/console/withdrawals/${older}`);

    const { dialog } = await openMove(user, 'Approve', 'Approve this withdrawal?');
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));

    expect(
      await within(dialog).findByText(new RegExp(errorCatalogue.WITHDRAWAL_STATUS_CONFLICT.message)),
    ).toBeInTheDocument();
    // The page reloads it: the move is no longer offered, and the dialog says where it stands now.
    expect(await within(dialog).findByText(/It is approved now\./)).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Approve' })).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    const actions2 = screen.getByRole('region', { name: 'Next step' });
    expect(within(actions2).getByRole('button', { name: 'Mark paid' })).toBeInTheDocument();
    expect(pathnameOf(sent.find((request) => request.method === 'POST')!.path)).toBe(
      `/v1/console/withdrawals/${older}/approve`,
    );
  });
});

describe('console withdrawals: what the review weighs', () => {
  it("shows the person's standing: how long here, identity, balance now, money in and out, the destination", async () => {
    consoleWithWithdrawals([withdrawal()]);
    renderApp(`/console/withdrawals/${older}`);

    const person = await screen.findByRole('region', { name: 'The person' });
    const value = (term: string) => within(person).getByText(term).nextElementSibling?.textContent;
    expect(await within(person).findByText('Member since')).toBeInTheDocument();
    expect(value('Member since')).toMatch(/2026/);
    expect(value('Identity')).toMatch(/^Verified /);
    expect(value('Withdrawable now')).toBe('$400.00');
    expect(value('Not withdrawable')).toBe('$15.00');
    expect(value('Held in open requests')).toBe('$1,259.50');
    expect(value('Paid in from outside')).toBe('$3,000.00 in 3 payments');
    expect(value('Paid out in all')).toBe('$1,000.00 in 1 withdrawal');
    expect(value('This bank account')).toBe('Paid to 1 time before');
    // Nobody else asked to be paid there: no warning above the moves.
    expect(screen.queryByText(/Other people asked to be paid/)).toBeNull();
    const other = screen.getByRole('region', { name: 'Their other requests' });
    expect(within(other).getByText('None: this is their first request.')).toBeInTheDocument();
  });

  it('warns above the moves when other people asked to be paid to the same address, and flags a new one', async () => {
    const collector = { id: '0190a0b0-0000-7000-8000-0000000000a3', email: 'other@example.com', nickname: 'Twin' };
    consoleWithWithdrawals([withdrawal({ method: 'usdc', payoutDetails: { address: usdcAddress } })], {
      context: () =>
        json(200, {
          data: reviewContext({
            person: { joinedAt: '2026-11-19T09:00:00.000Z', identityVerifiedAt: null },
            added: { count: 0, total: usd(0) },
            paidOut: { count: 0, total: usd(0) },
            destination: { paidBefore: 0, sharedWith: [collector] },
          }),
        }),
    });
    renderApp(`/console/withdrawals/${older}`);

    const warning = await screen.findByRole('alert');
    expect(warning).toHaveTextContent('Other people asked to be paid to this address');
    expect(within(warning).getByText('Twin')).toBeInTheDocument();
    // Read before the moves: the warning comes first in the page's order.
    const actions = screen.getByRole('region', { name: 'Next step' });
    expect(warning.compareDocumentPosition(actions) & Node.DOCUMENT_POSITION_FOLLOWING).toBe(
      Node.DOCUMENT_POSITION_FOLLOWING,
    );

    const person = screen.getByRole('region', { name: 'The person' });
    expect(within(person).getByText('Not verified')).toBeInTheDocument();
    expect(within(person).getByText('Never paid to before')).toBeInTheDocument();
    expect(within(person).getAllByText('Nothing yet')).toHaveLength(2);
  });

  it("lists the person's other requests newest first, each linked to its own review, and says when there are more", async () => {
    const earlier = '0190a0b0-0000-7000-8000-0000000000f3';
    const rows = [withdrawal(), withdrawal({ id: earlier, status: 'paid', createdAt: '2026-11-01T10:00:00.000Z' })];
    consoleWithWithdrawals(rows, {
      context: () =>
        json(200, {
          data: reviewContext({
            otherRequests: [listItem(rows[1]!)].map(({ user: _user, payoutDetails: _details, ...request }) => request),
            otherRequestCount: 7,
          }),
        }),
    });
    const user = userEvent.setup();
    renderApp(`/console/withdrawals/${older}`);

    const other = await screen.findByRole('region', { name: 'Their other requests' });
    const link = await within(other).findByRole('link', { name: 'Wire of $1,234.50' });
    expect(within(other).getByText('Paid')).toBeInTheDocument();
    expect(within(other).getByText('The latest 1 of 7.')).toBeInTheDocument();
    expect(link.getAttribute('href')).toBe(`/console/withdrawals/${earlier}`);
    await user.click(link);
    // That request's own review: paid, so nothing is left to do on it.
    expect(await screen.findByText(/nothing more to do/)).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Request' })).getByText('Paid')).toBeInTheDocument();
  });

  it('reads the balance again after a move, and keeps the page usable when the context cannot load', async () => {
    const rows = [withdrawal()];
    // The context fails until the move: the page still offers the move, and the move reads the context again.
    const sent = consoleWithWithdrawals(rows, {
      move: () => {
        rows[0] = moved(rows[0]!, 'in_review');
        return json(200, { data: rows[0] });
      },
      context: () =>
        rows[0]!.status === 'submitted'
          ? apiFailure(503, 'SERVICE_UNAVAILABLE', 'The service is busy. Please try again in a moment.')
          : json(200, { data: reviewContext() }),
    });
    const user = userEvent.setup();
    renderApp(`/console/withdrawals/${older}`);

    const person = await screen.findByRole('region', { name: 'The person' });
    expect(
      await within(person).findByRole('heading', { name: "We could not load the person's balance and history" }),
    ).toBeInTheDocument();
    const actions = screen.getByRole('region', { name: 'Next step' });
    await user.click(within(actions).getByRole('button', { name: 'Start review' }));
    const dialog = screen.queryByRole('dialog');
    if (dialog) await user.click(within(dialog).getByRole('button', { name: 'Start review' }));

    await waitFor(() => expect(sent.filter((request) => request.method === 'POST')).toHaveLength(1));
    expect(await within(person).findByText('Withdrawable now')).toBeInTheDocument();
    expect(within(person).queryByRole('heading', { name: /could not load/ })).toBeNull();
  });
});

describe('console withdrawals: a reason typed and not sent', () => {
  const asked = (name: string) => screen.findByRole('dialog', { name });
  const isAsking = () =>
    screen.queryByRole('dialog', { name: 'Close without saving?' }) ??
    screen.queryByRole('dialog', { name: 'Leave without saving?' });

  function unloadIsHeld(): boolean {
    const event = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(event);
    return event.defaultPrevented;
  }

  it(
    'asks before the dialog closes over it, by Escape, the backdrop, the close button or Cancel; Stay keeps it',
    async () => {
      const sent = consoleWithWithdrawals([withdrawal({ status: 'in_review' })]);
      const user = userEvent.setup();
      renderApp(`/console/withdrawals/${older}`);

      const { actions, dialog } = await openMove(user, 'Reject', 'Reject this withdrawal?');
      await user.type(within(dialog).getByLabelText(/^Reason/), 'The name on the account does not match.');
      expect(unloadIsHeld()).toBe(true);

      const closings: [how: string, close: () => Promise<void>][] = [
        ['Escape', async () => void fireEvent.keyDown(dialog, { key: 'Escape' })],
        ['the backdrop', () => user.click(dialog)],
        ['the close button', () => user.click(within(dialog).getByRole('button', { name: 'Close' }))],
        ['Cancel', () => user.click(within(dialog).getByRole('button', { name: 'Cancel' }))],
      ];
      for (const [how, close] of closings) {
        await close();
        const question = await asked('Close without saving?');
        expect(question, how).toHaveTextContent('The reason you typed is not sent.');
        await user.click(within(question).getByRole('button', { name: 'Stay' }));
        await waitFor(() => expect(isAsking()).toBeNull());
        expect(screen.getByRole('dialog', { name: 'Reject this withdrawal?' }), how).toBe(dialog);
        expect(within(dialog).getByLabelText(/^Reason/), how).toHaveValue('The name on the account does not match.');
      }

      // Discard: the dialog closes, nothing is sent, and the next rejection starts with an empty reason.
      await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
      await user.click(within(await asked('Close without saving?')).getByRole('button', { name: 'Discard' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      expect(sent.some((request) => request.method === 'POST')).toBe(false);
      expect(unloadIsHeld()).toBe(false);
      await user.click(within(actions).getByRole('button', { name: 'Reject' }));
      const again = await screen.findByRole('dialog', { name: 'Reject this withdrawal?' });
      expect(within(again).getByLabelText(/^Reason/)).toHaveValue('');
    },
    JOURNEY_MS,
  );

  it(
    'closes at once while no reason was typed, and for a move that asks none',
    async () => {
      consoleWithWithdrawals([withdrawal({ status: 'in_review' })]);
      const user = userEvent.setup();
      renderApp(`/console/withdrawals/${older}`);

      const { actions, dialog } = await openMove(user, 'Reject', 'Reject this withdrawal?');
      fireEvent.keyDown(dialog, { key: 'Escape' });
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

      await user.click(within(actions).getByRole('button', { name: 'Approve' }));
      await user.click(
        within(await screen.findByRole('dialog', { name: 'Approve this withdrawal?' })).getByRole('button', {
          name: 'Cancel',
        }),
      );
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      expect(isAsking()).toBeNull();
    },
    JOURNEY_MS,
  );

  it(
    'asks before another console section or Back leaves it; Leave goes without sending it',
    async () => {
      const sent = consoleWithWithdrawals([withdrawal({ status: 'approved' })]);
      const user = userEvent.setup();
      const { router } = renderApp('/console/withdrawals');
      await act(async () => {
        await router.navigate(`/console/withdrawals/${older}`);
      });

      const { dialog } = await openMove(user, 'Mark failed', 'Mark this withdrawal failed?');
      await user.type(within(dialog).getByLabelText(/^Reason/), 'The bank returned the wire.');

      // The page behind a dialog does not take clicks in a browser; the section's address and Back still move it.
      await act(async () => {
        await router.navigate('/console/ledger');
      });
      const leave = await asked('Leave without saving?');
      expect(leave).toHaveTextContent('The reason you typed is not sent.');
      await user.click(within(leave).getByRole('button', { name: 'Stay' }));
      await waitFor(() => expect(isAsking()).toBeNull());
      expect(router.state.location.pathname).toBe(`/console/withdrawals/${older}`);
      expect(within(dialog).getByLabelText(/^Reason/)).toHaveValue('The bank returned the wire.');

      await act(async () => {
        await router.navigate(-1);
      });
      await user.click(within(await asked('Leave without saving?')).getByRole('button', { name: 'Leave' }));
      await waitFor(() => expect(router.state.location.pathname).toBe('/console/withdrawals'));
      expect(sent.some((request) => request.method === 'POST')).toBe(false);
    },
    JOURNEY_MS,
  );

  it(
    'does not ask once the move is no longer possible: the reason has nowhere to go',
    async () => {
      const rows = [withdrawal({ status: 'in_review' })];
      consoleWithWithdrawals(rows, {
        // Another admin approved it while this one typed why to reject it.
        move: approvedMeanwhile(rows),
      });
      const user = userEvent.setup();
      renderApp(`/console/withdrawals/${older}`);

      const { dialog } = await openMove(user, 'Reject', 'Reject this withdrawal?');
      await user.type(within(dialog).getByLabelText(/^Reason/), 'The name on the account does not match.');
      await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
      expect(await within(dialog).findByText(/It is approved now\./)).toBeInTheDocument();
      expect(unloadIsHeld()).toBe(false);
      await user.click(within(dialog).getByRole('button', { name: 'OK' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      expect(isAsking()).toBeNull();
    },
    JOURNEY_MS,
  );
});
