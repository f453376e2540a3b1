import type { TConsoleLedgerTransaction, TLedgerCheck } from '@cypher/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { formatDateTimeWithZone } from '../../lib/format.ts';
import { startSession } from '../../lib/session.ts';
import { consoleMe, pathnameOf, queryOf } from '../../test/catalog-fixtures.ts';
import { apiFailure, deferred, json, myUser, stubApi, type SentRequest } from '../../test/fake-api.ts';
import { expectAdminOnlySection } from '../../test/admin-only-section.ts';
import { renderApp } from '../../test/render-app.tsx';

const TEST_MS = 15_000;
const admin = consoleMe({ roles: ['admin'], isAdmin: true, brands: [] });
const fan = { id: '0190a0b0-0000-7000-8000-0000000000a1', email: 'fan@example.com', nickname: 'AdaFan' };
const collector = { id: '0190a0b0-0000-7000-8000-0000000000a2', email: 'collector@example.com', nickname: null };
const orderId = '0190a0b0-0000-7000-8000-0000000000c1';
const withdrawalId = '0190a0b0-0000-7000-8000-0000000000d1';
const usd = (amount: number) => ({ amount, currency: 'USD' as const });
const cyp = (amount: number) => ({ amount, currency: 'CYP' as const });

function check(changes: Partial<TLedgerCheck> = {}): TLedgerCheck {
  return {
    isExact: true,
    checkedAt: '2026-11-22T10:00:00.000Z',
    currencyTotals: [cyp(0), usd(0)],
    unbalancedTransactions: [],
    accountsOffEntries: [],
    negativeAccounts: [],
    houseAccountsBelowZero: [],
    houseAccounts: [
      { kind: 'fees', balance: usd(300), buckets: 1 },
      { kind: 'promotions', balance: cyp(-50_000), buckets: 1 },
      { kind: 'provider_clearing_crypto', balance: usd(-10_000), buckets: 2 },
      { kind: 'revenue', balance: usd(1_000), buckets: 1 },
    ],
    ...changes,
  };
}

const deposit: TConsoleLedgerTransaction = {
  id: '0190a0b0-0000-7000-8000-0000000000e1',
  kind: 'deposit',
  description: 'Funds added',
  reference: { type: 'deposit_crypto', id: 'charge-7781' },
  createdAt: '2026-11-20T09:00:00.000Z',
  entries: [
    { account: 'withdrawable', person: fan, amount: usd(10_000) },
    { account: 'provider_clearing_crypto', person: null, amount: usd(-10_000) },
  ],
};
const credit: TConsoleLedgerTransaction = {
  id: '0190a0b0-0000-7000-8000-0000000000e2',
  kind: 'reward',
  description: 'Daily check-in reward',
  reference: { type: 'deposit_reward', id: '0190a0b0-0000-7000-8000-0000000000b1' },
  createdAt: '2026-11-20T10:00:00.000Z',
  entries: [
    { account: 'non_withdrawable', person: collector, amount: cyp(50_000) },
    { account: 'promotions', person: null, amount: cyp(-50_000) },
  ],
};
const purchase: TConsoleLedgerTransaction = {
  id: '0190a0b0-0000-7000-8000-0000000000e3',
  kind: 'purchase',
  description: 'Neon Arcade pack',
  reference: { type: 'order', id: orderId },
  createdAt: '2026-11-21T09:00:00.000Z',
  entries: [
    { account: 'withdrawable', person: fan, amount: usd(-1_300) },
    { account: 'fees', person: null, amount: usd(300) },
    { account: 'revenue', person: null, amount: usd(1_000) },
  ],
};
const withdrawal: TConsoleLedgerTransaction = {
  id: '0190a0b0-0000-7000-8000-0000000000e4',
  kind: 'withdrawal_request',
  description: 'USDC withdrawal requested',
  reference: { type: 'withdrawal', id: withdrawalId },
  createdAt: '2026-11-21T10:00:00.000Z',
  entries: [
    { account: 'withdrawable', person: fan, amount: usd(-5_000) },
    { account: 'held', person: fan, amount: usd(5_000) },
  ],
};

interface LedgerApiOptions {
  me?: typeof admin;
  check?: () => Response | Promise<Response>;
  journal?: (request: SentRequest) => Response | Promise<Response> | undefined;
}

/**
 * An admin console over an in-memory ledger that answers like the API: the audit, and the journal newest first,
 * narrowed by kind, currency and address, a page at a time by cursor (here `before:<id>` or `after:<id>`; the API's
 * are opaque).
 */
function consoleWithLedger(rows: TConsoleLedgerTransaction[], options: LedgerApiOptions = {}): SentRequest[] {
  startSession({ accessToken: 'access-1', refreshToken: 'refresh-1' });
  return stubApi((request) => {
    const path = pathnameOf(request.path);
    if (path === '/v1/users/my') return json(200, { data: myUser({ isOperator: true }) });
    if (path === '/v1/console/me') return json(200, { data: options.me ?? admin });
    if (path === '/v1/balances/my') return json(200, { data: { cypUnit: { minorUnits: 2, cypPerUsd: 100 } } });
    if (path === '/v1/console/ledger') return options.check ? options.check() : json(200, { data: check() });
    if (path === '/v1/console/ledger/transactions') {
      const answer = options.journal?.(request);
      if (answer) return answer;
      const query = queryOf(request.path);
      const size = Number(query.get('size') ?? 20);
      const [direction, from] = query.get('cursor')?.split(':') ?? [];
      const kind = query.get('kind');
      const currency = query.get('currency');
      const email = query.get('email')?.toLowerCase();
      const matching = rows
        .filter((row) => !kind || row.kind === kind)
        .filter((row) => !currency || row.entries.some((entry) => entry.amount.currency === currency))
        .filter((row) => !email || row.entries.some((entry) => entry.person?.email === email))
        .sort((a, b) => b.createdAt.localeCompare(a.createdAt));
      const at = matching.findIndex((row) => row.id === from);
      // Older pages start after the cursor's movement; a newer one ends before it (or is the newest page).
      const start = direction === 'before' ? at + 1 : direction === 'after' ? Math.max(0, at - size) : 0;
      const items = matching.slice(start, start + size);
      const data = {
        items,
        nextCursor: start + size < matching.length ? `before:${items.at(-1)!.id}` : null,
        previousCursor: start > 0 ? `after:${items[0]!.id}` : null,
      };
      return json(200, { data });
    }
    return apiFailure(404, 'NOT_FOUND');
  });
}

const journalRequests = (sent: SentRequest[]) =>
  sent
    .filter((request) => pathnameOf(request.path) === '/v1/console/ledger/transactions')
    .map((request) => {
      const query = queryOf(request.path);
      query.sort();
      return query.toString();
    });

describe('the console ledger', () => {
  it(
    'is a section for admins, and closed to brand managers even by its address',
    async () => {
      await expectAdminOnlySection({
        link: 'Ledger',
        path: '/console/ledger',
        api: '/v1/console/ledger',
        stubForAdmin: () => consoleWithLedger([]),
        stubForBrandManager: () => consoleWithLedger([deposit], { me: consoleMe() }),
      });
    },
    TEST_MS,
  );

  it(
    'shows skeletons while the check and the journal load',
    async () => {
      // Each request gets its own answer (a body reads once), released when the test says.
      const checkAnswer = deferred<void>();
      const journalAnswer = deferred<void>();
      consoleWithLedger([], {
        check: () => checkAnswer.promise.then(() => json(200, { data: check() })),
        journal: () =>
          journalAnswer.promise.then(() => json(200, { data: { items: [], nextCursor: null, previousCursor: null } })),
      });
      renderApp('/console/ledger');
      expect(await screen.findByLabelText('Checking the ledger')).toHaveAttribute('aria-busy', 'true');
      expect(screen.getByLabelText('Loading the journal')).toHaveAttribute('aria-busy', 'true');
      checkAnswer.resolve();
      journalAnswer.resolve();
      expect(await screen.findByText('The ledger balances')).toBeInTheDocument();
      expect(screen.queryByLabelText('Loading the journal')).toBeNull();
    },
    TEST_MS,
  );

  it(
    'shows each house account per currency summed over its buckets, what people hold, a zero total and that the ledger balances',
    async () => {
      consoleWithLedger([]);
      renderApp('/console/ledger');

      const balances = await screen.findByRole('table', { name: /^House accounts by currency/ });
      const row = (name: RegExp) => within(balances).getByRole('row', { name });
      expect(within(row(/^Revenue/)).getByText('$10.00')).toBeInTheDocument();
      expect(within(row(/^Fees/)).getByText('$3.00')).toBeInTheDocument();
      expect(within(row(/^Crypto clearing/)).getByText('-$100.00')).toBeInTheDocument();
      expect(within(row(/^Promotions/)).getByText('-500.00 CYP')).toBeInTheDocument();
      // An account nothing has moved yet is zero, shown as zero.
      expect(within(row(/^Payouts/)).getByText('$0.00')).toBeInTheDocument();
      expect(within(row(/^Payouts/)).getByText('0.00 CYP')).toBeInTheDocument();
      // The house owes people what it took in: their share is the rest of the zero.
      expect(within(row(/^People’s balances/)).getByText('$87.00')).toBeInTheDocument();
      expect(within(row(/^People’s balances/)).getByText('500.00 CYP')).toBeInTheDocument();
      expect(within(row(/^Total/)).getByText('$0.00')).toBeInTheDocument();
      expect(within(row(/^Total/)).getByText('0.00 CYP')).toBeInTheDocument();

      expect(screen.getByText('The ledger balances')).toBeInTheDocument();
      expect(screen.queryByRole('alert')).toBeNull();
    },
    TEST_MS,
  );

  it(
    'says plainly when the ledger does not balance, and what is wrong',
    async () => {
      consoleWithLedger([], {
        check: () =>
          json(200, {
            data: check({
              isExact: false,
              currencyTotals: [cyp(0), usd(1)],
              accountsOffEntries: [
                { accountId: '0190a0b0-0000-7000-8000-0000000000aa', balance: usd(501), entries: usd(500) },
              ],
            }),
          }),
      });
      renderApp('/console/ledger');

      const alert = await screen.findByRole('alert');
      expect(within(alert).getByText('The ledger does not balance')).toBeInTheDocument();
      expect(within(alert).getByText('USD sums to $0.01 over every account, not zero.')).toBeInTheDocument();
      expect(within(alert).getByText(/^1 balance differs from the sum of its entries:/)).toBeInTheDocument();
      expect(within(alert).getByText('0190a0b0-0000-7000-8000-0000000000aa: $5.01, entries $5.00')).toBeInTheDocument();
      expect(screen.queryByText('The ledger balances')).toBeNull();
    },
    TEST_MS,
  );

  it(
    'lists movements newest first with their occasion, time, person, every line moved and what they were for',
    async () => {
      consoleWithLedger([deposit, credit, purchase, withdrawal]);
      renderApp('/console/ledger');

      const table = await screen.findByRole('table', { name: 'Journal' });
      const [, first, second, third, fourth] = within(table).getAllByRole('row');

      expect(within(first!).getByText('Withdrawal requested')).toBeInTheDocument();
      expect(within(first!).getByRole('link', { name: 'Open the withdrawal' })).toHaveAttribute(
        'href',
        `/console/withdrawals/${withdrawalId}`,
      );

      expect(within(second!).getByText('Purchase')).toBeInTheDocument();
      expect(within(second!).getByText('Neon Arcade pack')).toBeInTheDocument();
      expect(within(second!).getAllByText(formatDateTimeWithZone(purchase.createdAt)).length).toBeGreaterThan(0);
      // The When column breaks between the day and the time (on one line it pushed "For" out of a desktop frame).
      const when = [...second!.querySelectorAll(`td time[datetime="${purchase.createdAt}"]`)];
      expect(when.map((time) => [...time.children].map((part) => part.textContent))).toEqual([
        formatDateTimeWithZone(purchase.createdAt).split(/(?<=,) (?=\d{1,2}:)/),
      ]);
      const lines = within(second!).getByRole('list', { name: 'Money moved' });
      expect(
        within(lines)
          .getAllByRole('listitem')
          .map((item) => item.textContent),
      ).toEqual(['Withdrawable-$13.00', 'House · Fees+$3.00', 'House · Revenue+$10.00']);
      expect(within(second!).getByText(orderId)).toBeInTheDocument();
      // The person's name filters the journal to them (the console has no page of a person).
      const [personLink] = within(second!).getAllByRole('link', { name: 'AdaFan (show only their movements)' });
      expect(personLink).toHaveAttribute('href', '/console/ledger?email=fan%40example.com');

      expect(within(third!).getByText('Credit')).toBeInTheDocument();
      expect(within(third!).getByText('+500.00 CYP')).toBeInTheDocument();
      expect(within(fourth!).getByText('Deposit')).toBeInTheDocument();
      expect(within(fourth!).getByText('Crypto payment')).toBeInTheDocument();
      expect(within(fourth!).getByText('-$100.00')).toBeInTheDocument();
    },
    TEST_MS,
  );

  it(
    'pages to older movements and back to newer ones by cursor, in the address, with no page count',
    async () => {
      const many = Array.from({ length: 45 }, (_, index) => ({
        ...deposit,
        id: `0190a0b0-0000-7000-8000-${String(index).padStart(12, '0')}`,
        description: `Deposit ${index}`,
        createdAt: new Date(Date.UTC(2026, 10, 1, 0, index)).toISOString(),
      }));
      const sent = consoleWithLedger(many);
      const user = userEvent.setup();
      renderApp('/console/ledger?kind=deposit');

      await screen.findByText('Deposit 44');
      const pages = () => screen.getByRole('navigation', { name: 'Journal pages' });
      expect(within(pages()).getByRole('button', { name: 'Newer' })).toBeDisabled();
      expect(within(pages()).queryByText(/Page \d/)).toBeNull();
      await user.click(within(pages()).getByRole('link', { name: 'Older' }));
      expect(await screen.findByText('Deposit 24')).toBeInTheDocument();
      expect(screen.queryByText('Deposit 25')).toBeNull();
      expect(journalRequests(sent)).toContain(`cursor=before%3A${many[25]!.id}&kind=deposit&size=20`);

      await user.click(within(pages()).getByRole('link', { name: 'Older' }));
      expect(await screen.findByText('Deposit 0')).toBeInTheDocument();
      expect(within(pages()).getByRole('button', { name: 'Older' })).toBeDisabled();
      await user.click(within(pages()).getByRole('link', { name: 'Newer' }));
      expect(await screen.findByText('Deposit 24')).toBeInTheDocument();
      await user.click(within(pages()).getByRole('link', { name: 'Newer' }));
      expect(await screen.findByText('Deposit 44')).toBeInTheDocument();
      expect(within(pages()).getByRole('button', { name: 'Newer' })).toBeDisabled();

      // A filter starts again at the newest page: the cursor leaves the address.
      await user.selectOptions(screen.getByLabelText('Currency'), 'USD');
      await waitFor(() => expect(journalRequests(sent)).toContain('currency=USD&kind=deposit&size=20'));
    },
    TEST_MS,
  );

  it(
    'says so when a page starts past the oldest movement, and goes back to the newest',
    async () => {
      consoleWithLedger([deposit, purchase], {
        journal: (request) =>
          queryOf(request.path).get('cursor')
            ? json(200, { data: { items: [], nextCursor: null, previousCursor: null } })
            : undefined,
      });
      const user = userEvent.setup();
      renderApp('/console/ledger?cursor=before%3Agone');
      expect(await screen.findByRole('heading', { name: 'No movements on this page' })).toBeInTheDocument();
      await user.click(screen.getByRole('link', { name: 'Go to the newest movements' }));
      expect(await screen.findByText('Neon Arcade pack')).toBeInTheDocument();
    },
    TEST_MS,
  );

  it(
    'filters by occasion, currency and person in the address, and says when nothing matches',
    async () => {
      const sent = consoleWithLedger([deposit, credit, purchase, withdrawal]);
      const user = userEvent.setup();
      renderApp('/console/ledger');
      await screen.findByRole('table', { name: 'Journal' });

      await user.selectOptions(screen.getByLabelText('Occasion'), 'purchase');
      await waitFor(() => expect(journalRequests(sent)).toContain('kind=purchase&size=20'));
      await waitFor(() => expect(screen.queryByText('USDC withdrawal requested')).toBeNull());
      expect(screen.getByText('Neon Arcade pack')).toBeInTheDocument();

      await user.selectOptions(screen.getByLabelText('Currency'), 'CYP');
      await waitFor(() => expect(journalRequests(sent)).toContain('currency=CYP&kind=purchase&size=20'));
      expect(await screen.findByRole('heading', { name: 'No movements match' })).toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'Clear filters' }));
      expect(await screen.findByText('USDC withdrawal requested')).toBeInTheDocument();

      await user.type(
        screen.getByRole('searchbox', { name: 'Person’s email address' }),
        'collector@example.com{Enter}',
      );
      await waitFor(() => expect(journalRequests(sent)).toContain('email=collector%40example.com&size=20'));
      await waitFor(() => expect(screen.queryByText('Neon Arcade pack')).toBeNull());
      expect(screen.getByText('Daily check-in reward')).toBeInTheDocument();
    },
    TEST_MS,
  );

  it(
    'says what to expect before any money has moved',
    async () => {
      consoleWithLedger([]);
      renderApp('/console/ledger');
      expect(await screen.findByRole('heading', { name: 'No money has moved yet' })).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Clear filters' })).toBeNull();
    },
    TEST_MS,
  );

  it(
    'shows an error with a retry when the journal or the check cannot be read',
    async () => {
      let isDown = true;
      consoleWithLedger([purchase], {
        check: () => apiFailure(503, 'SERVICE_UNAVAILABLE', 'The service is busy. Please try again.'),
        journal: () =>
          isDown ? apiFailure(503, 'SERVICE_UNAVAILABLE', 'The service is busy. Please try again.') : undefined,
      });
      const user = userEvent.setup();
      renderApp('/console/ledger');

      expect(await screen.findByRole('heading', { name: 'We could not load the journal' })).toBeInTheDocument();
      expect(screen.getByRole('heading', { name: 'We could not check the ledger' })).toBeInTheDocument();
      isDown = false;
      const journal = screen.getByRole('region', { name: 'Journal' });
      await user.click(within(journal).getByRole('button', { name: 'Try again' }));
      expect(await screen.findByText('Neon Arcade pack')).toBeInTheDocument();
    },
    TEST_MS,
  );
});
