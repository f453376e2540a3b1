import {
  airdropMessages,
  errorCatalogue,
  type TAirdropRequest,
  type TConsoleAirdrop,
  type TConsoleAirdropRecipient,
} from '@cypher/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { page, pathnameOf, queryOf } from '../../test/catalog-fixtures.ts';
import { airdrop, consoleWithGiveaways, editionPool, giveawayIds } from '../../test/console-giveaways-fixtures.ts';
import { apiFailure, deferred, json, type SentRequest } from '../../test/fake-api.ts';
import { consolePass, passIds } from '../../test/passes-fixtures.ts';
import { renderApp } from '../../test/render-app.tsx';

// A save checks the whole form: on a busy machine a journey here takes longer than a test's five seconds.
const JOURNEY_MS = 30_000;

const fanId = '0190a0b0-0000-7000-8000-0000000000a9';
const detailPath = `/v1/console/airdrops/${giveawayIds.airdrop}`;
const posts = (sent: SentRequest[]) =>
  sent.filter((request) => request.method === 'POST' && pathnameOf(request.path) === '/v1/console/airdrops');

function running(delivered: number, changes: Partial<TConsoleAirdrop> = {}): TConsoleAirdrop {
  const total = 3;
  const isDone = delivered === total;
  return airdrop({
    status: isDone ? 'COMPLETED' : delivered === 0 ? 'QUEUED' : 'RUNNING',
    progress: { total, delivered, outOfStock: 0, accountDeleted: 0, pending: total - delivered },
    completedAt: isDone ? '2026-11-01T00:01:00.000Z' : null,
    ...changes,
  });
}

describe('console airdrops: the list', () => {
  it('lists airdrops with what they give, to whom, their state and progress', async () => {
    consoleWithGiveaways((request) =>
      pathnameOf(request.path) === '/v1/console/airdrops'
        ? json(200, {
            data: page([
              airdrop(),
              airdrop({
                id: '0190a0b0-0000-7000-8000-0000000f2002',
                name: 'Season holders',
                audience: { kind: 'PASS_HOLDERS', pass: { id: passIds.pass, name: 'Neon Season Pass' } },
                status: 'COMPLETED',
                progress: { total: 500, delivered: 480, outOfStock: 20, accountDeleted: 0, pending: 0 },
              }),
            ]),
          })
        : undefined,
    );
    renderApp('/console/airdrops');
    expect(await screen.findByRole('heading', { level: 1, name: 'Airdrops' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Airdrops' });
    const thanks = within(table).getByRole('row', { name: /Thank-you drop/ });
    expect(within(thanks).getByRole('link', { name: 'Thank-you drop' })).toHaveAttribute(
      'href',
      `/console/airdrops/${giveawayIds.airdrop}`,
    );
    expect(thanks).toHaveTextContent('10.00 CYP');
    expect(thanks).toHaveTextContent('3 people listed');
    expect(thanks).toHaveTextContent('Completed');
    const holders = within(table).getByRole('row', { name: /Season holders/ });
    expect(holders).toHaveTextContent('Holders of Neon Season Pass (500)');
    expect(within(holders).getByRole('progressbar', { name: 'Delivered' })).toHaveAttribute(
      'aria-valuetext',
      '480 of 500 delivered',
    );
  });
});

// Walk finding: the list told a brand's manager they could give CYP credit, which their form does not offer and the
// API refuses them.
describe('console airdrops: what the list says an airdrop gives', () => {
  it('tells an admin of CYP credit and a brand’s manager of their brands’ items only', async () => {
    consoleWithGiveaways(() => undefined, { isAdmin: false });
    const { unmount } = renderApp('/console/airdrops');
    expect(await screen.findByText(/^Give your brands’ tickets, passes, editions or packs/)).toBeInTheDocument();
    expect(screen.queryByText(/CYP credit/)).toBeNull();
    unmount();
    consoleWithGiveaways(() => undefined);
    renderApp('/console/airdrops');
    expect(await screen.findByText(/^Give CYP credit, tickets, a pass/)).toBeInTheDocument();
  });
});

describe('console airdrops: a new airdrop', () => {
  it(
    'checks the list of people, confirms, shows the people without an account under the list, then sends',
    async () => {
      let airdropPosts = 0;
      const created = running(0);
      const sent = consoleWithGiveaways((request) => {
        const path = pathnameOf(request.path);
        if (request.method === 'POST' && path === '/v1/console/airdrops') {
          airdropPosts += 1;
          if (airdropPosts === 1) {
            return json(422, {
              code: 'AIRDROP_RECIPIENTS_NOT_FOUND',
              message: errorCatalogue.AIRDROP_RECIPIENTS_NOT_FOUND.message,
              details: [{ field: 'audience', message: 'nobody@example.com has no account.' }],
            });
          }
          return json(202, { data: created });
        }
        if (path === detailPath) return json(200, { data: running(3) });
        return undefined;
      });
      const user = userEvent.setup();
      renderApp('/console/airdrops/new');

      const form = await screen.findByRole('form', { name: 'New airdrop' });
      await user.click(within(form).getByRole('button', { name: 'Review and send' }));
      expect(await within(form).findByText(airdropMessages.list)).toBeInTheDocument();
      expect(within(form).getByText('Choose the kind of ticket it gives.')).toBeInTheDocument();

      await user.type(within(form).getByLabelText(/^Name/), 'Thank-you drop');
      await user.selectOptions(within(form).getByLabelText(/^Gives/), 'CREDIT');
      await user.type(within(form).getByLabelText(/^Credit/), '10');
      expect(within(form).getByText(/^10\.00 CYP of credit/)).toBeInTheDocument();
      const people = within(form).getByLabelText(/^Email addresses or user ids/);
      await user.type(people, `Ada@Example.com{enter}not an address{enter}${fanId}{enter}ada@example.com`);
      await user.click(within(form).getByRole('button', { name: 'Review and send' }));
      const wrongLine = await within(form).findByText('Line 2 is not an email address or a user id.');
      expect(people.getAttribute('aria-describedby')).toContain(wrongLine.id);
      expect(within(form).getByText(/1 email address and 1 user id · 1 repeated \(counted once\)/)).toBeInTheDocument();

      await user.clear(people);
      await user.type(people, `ada@example.com{enter}nobody@example.com{enter}${fanId}`);
      await user.click(within(form).getByRole('button', { name: 'Review and send' }));
      const dialog = await screen.findByRole('dialog', { name: 'Send this airdrop?' });
      expect(dialog).toHaveTextContent('“Thank-you drop” gives 10.00 CYP of credit to 3 people');
      // Paid out once a person: the total, and what it is worth at 100 CYP to the dollar.
      expect(dialog).toHaveTextContent('In all: 30.00 CYP (worth $0.30). It cannot be taken back.');
      expect(posts(sent)).toEqual([]);
      await user.click(within(dialog).getByRole('button', { name: 'Send airdrop' }));

      const missing = await within(form).findByText('nobody@example.com has no account.');
      expect(
        within(form)
          .getByLabelText(/^Email addresses or user ids/)
          .getAttribute('aria-describedby'),
      ).toContain(missing.id);
      expect(within(form).getByText(errorCatalogue.AIRDROP_RECIPIENTS_NOT_FOUND.message)).toBeInTheDocument();
      expect(posts(sent)[0]!.body).toEqual({
        name: 'Thank-you drop',
        grant: { kind: 'CREDIT', amount: 1000 },
        audience: { kind: 'PEOPLE', emails: ['ada@example.com', 'nobody@example.com'], userIds: [fanId] },
      } satisfies TAirdropRequest);

      await user.clear(within(form).getByLabelText(/^Email addresses or user ids/));
      await user.type(within(form).getByLabelText(/^Email addresses or user ids/), `ada@example.com{enter}${fanId}`);
      await user.click(within(form).getByRole('button', { name: 'Review and send' }));
      await user.click(
        within(await screen.findByRole('dialog', { name: 'Send this airdrop?' })).getByRole('button', {
          name: 'Send airdrop',
        }),
      );
      expect(await screen.findByRole('heading', { level: 1, name: 'Thank-you drop' })).toBeInTheDocument();
      expect((posts(sent)[1]!.body as TAirdropRequest).audience).toEqual({
        kind: 'PEOPLE',
        emails: ['ada@example.com'],
        userIds: [fanId],
      });
    },
    JOURNEY_MS,
  );

  // Console review, finding 4: a brand's manager could list addresses and be told which had no account.
  it(
    'lets a brand’s manager list people by user id only: no address is asked for, and one typed is a line to fix',
    async () => {
      const sent = consoleWithGiveaways(
        (request) =>
          request.method === 'POST' && pathnameOf(request.path) === '/v1/console/airdrops'
            ? json(202, { data: running(0) })
            : undefined,
        { isAdmin: false },
      );
      const user = userEvent.setup();
      renderApp('/console/airdrops/new');
      const form = await screen.findByRole('form', { name: 'New airdrop' });
      expect(within(form).queryByLabelText(/^Email addresses/)).toBeNull();
      expect(within(form).queryByText(/By email address/)).toBeNull();
      expect(within(form).getByText('By user id.')).toBeInTheDocument();
      const people = within(form).getByLabelText(/^User ids/);
      expect(within(form).getByText(/Only an admin can list people by email address\./)).toBeInTheDocument();

      await user.type(within(form).getByLabelText(/^Name/), 'Thank-you drop');
      const kinds = within(form).getByLabelText(/^Kind of ticket/);
      await within(kinds).findByRole('option', { name: /Neon ticket · Neon Arcade/ });
      await user.selectOptions(kinds, '0190a0b0-0000-7000-8000-0000000f3002');
      // Nobody named yet: the manager is asked for user ids, not for addresses they may not use (hunt, session 74).
      await user.click(within(form).getByRole('button', { name: 'Review and send' }));
      expect(await within(form).findByText(airdropMessages.listByUserId)).toBeInTheDocument();
      expect(within(form).queryByText(airdropMessages.list)).toBeNull();
      await user.type(people, `ada@example.com{enter}${fanId}`);
      await user.click(within(form).getByRole('button', { name: 'Review and send' }));
      const wrongLine = await within(form).findByText('Line 1 is not a user id.');
      expect(people.getAttribute('aria-describedby')).toContain(wrongLine.id);
      expect(within(form).getByText(/^1 user id\.$/)).toBeInTheDocument();
      expect(posts(sent)).toEqual([]);

      await user.clear(people);
      await user.type(people, fanId);
      await user.click(within(form).getByRole('button', { name: 'Review and send' }));
      const dialog = await screen.findByRole('dialog', { name: 'Send this airdrop?' });
      await user.click(within(dialog).getByRole('button', { name: 'Send airdrop' }));
      await waitFor(() => expect(posts(sent)).toHaveLength(1));
      expect((posts(sent)[0]!.body as TAirdropRequest).audience).toEqual({
        kind: 'PEOPLE',
        emails: [],
        userIds: [fanId],
      });
    },
    JOURNEY_MS,
  );

  it(
    'says in its confirmation when the pool has fewer editions left than people listed, and waits to know',
    async () => {
      const pool = deferred<Response>();
      consoleWithGiveaways((request) =>
        pathnameOf(request.path) === `/v1/console/edition-pools/${giveawayIds.pool}` ? pool.promise : undefined,
      );
      const user = userEvent.setup();
      renderApp('/console/airdrops/new');
      const form = await screen.findByRole('form', { name: 'New airdrop' });
      await user.type(within(form).getByLabelText(/^Name/), 'Dragon rain');
      await user.selectOptions(within(form).getByLabelText(/^Gives/), 'EDITION');
      const pools = within(form).getByLabelText(/^Edition pool/);
      await within(pools).findByRole('option', { name: /7 of 10 left/ });
      await user.selectOptions(pools, giveawayIds.pool);
      const addresses = Array.from({ length: 8 }, (_, index) => `fan${index}@example.com`);
      fireEvent.change(within(form).getByLabelText(/^Email addresses/), { target: { value: addresses.join('\n') } });
      await user.click(within(form).getByRole('button', { name: 'Review and send' }));
      const dialog = await screen.findByRole('dialog', { name: 'Send this airdrop?' });
      // Review of session 69: Send was there to press before what the pool has left was read.
      expect(within(dialog).getByRole('button', { name: 'Send airdrop' })).toBeDisabled();
      pool.resolve(json(200, { data: editionPool() }));
      await waitFor(() =>
        expect(dialog).toHaveTextContent('The pool has only 7 editions left for 8 people: the rest receive nothing.'),
      );
      expect(within(dialog).getByRole('button', { name: 'Send airdrop' })).toBeEnabled();
    },
    JOURNEY_MS,
  );

  it(
    'airdrops to the holders of a pass, and says under the pass when nobody holds it',
    async () => {
      const sent = consoleWithGiveaways((request) =>
        request.method === 'POST' && pathnameOf(request.path) === '/v1/console/airdrops'
          ? json(409, { code: 'AIRDROP_NO_RECIPIENTS', message: errorCatalogue.AIRDROP_NO_RECIPIENTS.message })
          : undefined,
      );
      const user = userEvent.setup();
      renderApp('/console/airdrops/new');
      const form = await screen.findByRole('form', { name: 'New airdrop' });
      await user.type(within(form).getByLabelText(/^Name/), 'Holders gift');
      const kinds = within(form).getByLabelText(/^Kind of ticket/);
      await within(kinds).findByRole('option', { name: /Drop ticket · Marketplace/ });
      await user.selectOptions(kinds, giveawayIds.dropTicket);
      await user.clear(within(form).getByLabelText(/^How many/));
      await user.type(within(form).getByLabelText(/^How many/), '2');
      await user.click(within(form).getByRole('radio', { name: /Holders of a pass/ }));
      await user.click(within(form).getByRole('button', { name: 'Review and send' }));
      expect(await within(form).findByText('Choose the pass whose holders receive it.')).toBeInTheDocument();

      const pass = within(form).getByLabelText(/^Pass/);
      await within(pass).findByRole('option', { name: /Neon Season Pass/ });
      await user.selectOptions(pass, passIds.pass);
      await user.click(within(form).getByRole('button', { name: 'Review and send' }));
      const dialog = await screen.findByRole('dialog', { name: 'Send this airdrop?' });
      expect(dialog).toHaveTextContent('gives 2 tickets to everyone holding Neon Season Pass now');
      await user.click(within(dialog).getByRole('button', { name: 'Send airdrop' }));

      const refusal = await within(form).findByText(errorCatalogue.AIRDROP_NO_RECIPIENTS.message);
      expect(within(form).getByLabelText(/^Pass/).getAttribute('aria-describedby')).toContain(refusal.id);
      expect(posts(sent)[0]!.body).toEqual({
        name: 'Holders gift',
        grant: { kind: 'TICKETS', ticketKindId: giveawayIds.dropTicket, count: 2 },
        audience: { kind: 'PASS_HOLDERS', passId: passIds.pass },
      } satisfies TAirdropRequest);
    },
    JOURNEY_MS,
  );
  it(
    'says about how much credit the holders of a pass receive in all, by the passes sold, and what it is worth',
    async () => {
      consoleWithGiveaways(() => undefined);
      const user = userEvent.setup();
      renderApp('/console/airdrops/new');
      const form = await screen.findByRole('form', { name: 'New airdrop' });
      await user.type(within(form).getByLabelText(/^Name/), 'Holders gift');
      await user.selectOptions(within(form).getByLabelText(/^Gives/), 'CREDIT');
      await user.type(within(form).getByLabelText(/^Credit/), '1,500');
      await user.click(within(form).getByRole('radio', { name: /Holders of a pass/ }));
      const pass = within(form).getByLabelText(/^Pass/);
      await within(pass).findByRole('option', { name: /Neon Season Pass · .* · 88 sold/ });
      await user.selectOptions(pass, passIds.pass);
      await user.click(within(form).getByRole('button', { name: 'Review and send' }));
      const dialog = await screen.findByRole('dialog', { name: 'Send this airdrop?' });
      expect(dialog).toHaveTextContent('gives 1,500.00 CYP of credit to everyone holding Neon Season Pass now');
      expect(dialog).toHaveTextContent('In all: about 132,000.00 CYP (worth about $1,320.00).');
    },
    JOURNEY_MS,
  );
});

const passNumber = (n: number) => String(n).padStart(3, '0');
/** Published pass n of 150: "Pass 001" … "Pass 150", n sold. */
const nthPass = (n: number) =>
  consolePass({ id: `0190a0b0-0000-7000-8000-000000${passNumber(n)}a57`, name: `Pass ${passNumber(n)}`, sold: n });
const allPasses = Array.from({ length: 150 }, (_, n) => nthPass(n + 1));

/** The published passes as the API pages them: the first 100 of 150, those a search for `q` finds, or one by id. */
function passesPage(request: SentRequest): Response | undefined {
  const path = pathnameOf(request.path);
  const one = allPasses.find((pass) => path === `/v1/console/passes/${pass.id}`);
  if (one) return json(200, { data: one });
  if (path !== '/v1/console/passes') return undefined;
  const q = queryOf(request.path).get('q');
  if (!q) return json(200, { data: page(allPasses.slice(0, 100), { size: 100, total: 150 }) });
  return json(200, {
    data: page(
      allPasses.filter((pass) => pass.name.includes(q)),
      { size: 100 },
    ),
  });
}

const passReads = (sent: SentRequest[]) =>
  sent.filter((request) => request.method === 'GET' && pathnameOf(request.path) === '/v1/console/passes');

// Review: an airdrop's pass was chosen among the first 100 passes only (drafts among them dropped on the client),
// and a failed list read 'Loading…' for good.
describe('console airdrops: the holders’ pass beyond the first hundred', () => {
  it(
    'finds it by name, keeps it chosen through another search, and the confirmation names it',
    async () => {
      const sent = consoleWithGiveaways(passesPage);
      const user = userEvent.setup();
      renderApp('/console/airdrops/new');
      const form = await screen.findByRole('form', { name: 'New airdrop' });
      await user.type(within(form).getByLabelText(/^Name/), 'Holders gift');
      await user.selectOptions(within(form).getByLabelText(/^Gives/), 'CREDIT');
      await user.type(within(form).getByLabelText(/^Credit/), '10');
      await user.click(within(form).getByRole('radio', { name: /Holders of a pass/ }));

      const pass = within(form).getByLabelText(/^Pass/);
      await within(pass).findByRole('option', { name: /^Pass 100 · / });
      // Nobody holds a draft pass: only published ones are asked for.
      expect(queryOf(passReads(sent).at(-1)!.path).get('status')).toBe('PUBLISHED');
      expect(within(form).getByText('50 more published passes: search by name to find them.')).toBeInTheDocument();
      const search = within(form).getByRole('searchbox', { name: 'Search published passes by name' });
      await user.type(search, '142');
      await within(pass).findByRole('option', { name: /^Pass 142 · .* · 142 sold/ });
      expect(queryOf(passReads(sent).at(-1)!.path).get('q')).toBe('142');
      await user.selectOptions(pass, nthPass(142).id);
      await user.clear(search);
      await user.type(search, '007');
      await within(pass).findByRole('option', { name: /^Pass 007 · / });
      expect(pass).toHaveValue(nthPass(142).id);
      expect(within(pass).getByRole('option', { selected: true })).toHaveTextContent(/^Pass 142 · /);

      await user.click(within(form).getByRole('button', { name: 'Review and send' }));
      const dialog = await screen.findByRole('dialog', { name: 'Send this airdrop?' });
      expect(dialog).toHaveTextContent('gives 10.00 CYP of credit to everyone holding Pass 142 now');
      // Counted by the passes sold, as the list says.
      expect(dialog).toHaveTextContent('In all: about 1,420.00 CYP');
    },
    JOURNEY_MS,
  );

  it(
    'says when the passes could not be loaded, and Try again loads them',
    async () => {
      let isDown = true;
      consoleWithGiveaways((request) =>
        isDown && pathnameOf(request.path) === '/v1/console/passes'
          ? apiFailure(500, 'INTERNAL_ERROR', 'Something went wrong on our side. Please try again in a moment.')
          : undefined,
      );
      const user = userEvent.setup();
      renderApp('/console/airdrops/new');
      const form = await screen.findByRole('form', { name: 'New airdrop' });
      await user.click(within(form).getByRole('radio', { name: /Holders of a pass/ }));
      const failed = await within(form).findByRole('alert');
      expect(failed).toHaveTextContent('Something went wrong on our side');
      expect(within(form).getByLabelText(/^Pass/)).not.toHaveAttribute('aria-busy');
      isDown = false;
      await user.click(within(failed).getByRole('button', { name: 'Try again' }));
      await within(within(form).getByLabelText(/^Pass/)).findByRole('option', { name: /Neon Season Pass/ });
    },
    JOURNEY_MS,
  );
});

describe('console airdrops: an airdrop', () => {
  it(
    'follows the delivery while it runs, and stops reading once it has completed',
    async () => {
      let delivered = 0;
      const sent = consoleWithGiveaways((request) =>
        pathnameOf(request.path) === detailPath ? json(200, { data: running(delivered) }) : undefined,
      );
      renderApp(`/console/airdrops/${giveawayIds.airdrop}`);

      expect(await screen.findByRole('heading', { level: 1, name: 'Thank-you drop' })).toBeInTheDocument();
      const bar = () => screen.getByRole('progressbar', { name: 'Delivered' });
      expect(bar()).toHaveAttribute('aria-valuetext', '0 of 3 delivered');
      expect(screen.getByText('Queued')).toBeInTheDocument();

      // Read again every two seconds: the figures move without a reload.
      delivered = 1;
      await waitFor(() => expect(bar()).toHaveAttribute('aria-valuetext', '1 of 3 delivered'), { timeout: 8_000 });
      expect(screen.getByText('Delivering')).toBeInTheDocument();
      delivered = 3;
      await waitFor(() => expect(bar()).toHaveAttribute('aria-valuetext', '3 of 3 delivered'), { timeout: 8_000 });
      // The state's badge, and the time it completed among the facts.
      expect(screen.getAllByText('Completed')).toHaveLength(2);
      expect(screen.getByRole('status')).toHaveTextContent('everyone listed was reached');

      // Completed: no more reads.
      const reads = () => sent.filter((request) => pathnameOf(request.path) === detailPath).length;
      const settled = reads();
      await new Promise((resolve) => setTimeout(resolve, 2_500));
      expect(reads()).toBe(settled);
    },
    JOURNEY_MS,
  );
});

describe('console airdrops: its recipients', () => {
  const recipientsPath = `${detailPath}/recipients`;
  const person = (n: number, status: TConsoleAirdropRecipient['status'], nickname: string | null = `Fan${n}`) => ({
    user: {
      id: `0190a0b0-0000-7000-8000-0000000e${String(n).padStart(4, '0')}`,
      email: `fan${n}@example.com`,
      nickname,
    },
    status,
    processedAt: status === 'PENDING' ? null : '2026-11-01T00:01:00.000Z',
  });
  // 45 people: the first out of stock, the rest delivered; the API pages and filters, as this stand-in does.
  const everyone = Array.from({ length: 45 }, (_, index) =>
    person(index + 1, index === 0 ? 'OUT_OF_STOCK' : 'DELIVERED'),
  );

  function answerRecipients(request: SentRequest, { withAddresses = true } = {}) {
    if (pathnameOf(request.path) === detailPath) return json(200, { data: running(3) });
    if (pathnameOf(request.path) !== recipientsPath) return undefined;
    const query = queryOf(request.path);
    const status = query.get('status');
    const [number, size] = [Number(query.get('page') ?? 1), Number(query.get('size') ?? 20)];
    const matching = everyone
      .filter((recipient) => !status || recipient.status === status)
      .map((recipient) => (withAddresses ? recipient : { ...recipient, user: { ...recipient.user, email: null } }));
    const items = matching.slice((number - 1) * size, number * size);
    return json(200, { data: page(items, { page: number, size, total: matching.length }) });
  }

  it('lists each person and where they stand, by state, a page at a time', async () => {
    const sent = consoleWithGiveaways((request) => answerRecipients(request));
    const user = userEvent.setup();
    renderApp(`/console/airdrops/${giveawayIds.airdrop}`);

    const section = await screen.findByRole('region', { name: 'Recipients' });
    const table = await within(section).findByRole('table', { name: 'Recipients' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(20);
    expect(within(rows[0]!).getByText('Fan1')).toBeInTheDocument();
    expect(within(rows[0]!).getByText(/^fan1@\s?example\.com$/)).toBeInTheDocument();
    expect(within(rows[0]!).getByText('Out of stock')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Delivered')).toBeInTheDocument();
    expect(within(section).queryByText('Addresses are shown to admins only.')).toBeNull();

    const pages = within(section).getByRole('navigation', { name: 'Recipient pages' });
    expect(pages).toHaveTextContent('Page 1 of 3');
    await user.click(within(pages).getByRole('link', { name: 'Next' }));
    await user.click(await within(pages).findByRole('link', { name: 'Next' }));
    await waitFor(() => expect(within(section).getAllByRole('row')).toHaveLength(1 + 5));

    const filters = within(section).getByRole('navigation', { name: 'Recipient state' });
    await user.click(within(filters).getByRole('link', { name: 'Out of stock' }));
    await waitFor(() => expect(within(section).getAllByRole('row')).toHaveLength(1 + 1));
    expect(within(section).getByText('Fan1')).toBeInTheDocument();
    const asked = sent
      .filter((request) => pathnameOf(request.path) === recipientsPath)
      .map((request) => {
        const query = queryOf(request.path);
        query.sort();
        return query.toString();
      });
    // The pages it shows, as the API gives them; a state starts again at its first page.
    expect(new Set(asked)).toEqual(
      new Set(['page=1&size=20', 'page=2&size=20', 'page=3&size=20', 'page=1&size=20&status=OUT_OF_STOCK']),
    );

    await user.click(within(filters).getByRole('link', { name: 'Still to deliver' }));
    expect(await within(section).findByRole('heading', { name: 'Nobody here' })).toBeInTheDocument();
    expect(within(section).getByText('No recipient is “Still to deliver”.')).toBeInTheDocument();
  });

  it('shows a brand’s manager nicknames, not addresses, and says so', async () => {
    consoleWithGiveaways((request) => answerRecipients(request, { withAddresses: false }), { isAdmin: false });
    everyone[1] = person(2, 'DELIVERED', null);
    renderApp(`/console/airdrops/${giveawayIds.airdrop}`);

    const section = await screen.findByRole('region', { name: 'Recipients' });
    expect(within(section).getByText('Addresses are shown to admins only.')).toBeInTheDocument();
    const table = await within(section).findByRole('table', { name: 'Recipients' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(within(rows[0]!).getByText('Fan1')).toBeInTheDocument();
    expect(within(table).queryByText(/@example\.com/)).toBeNull();
    expect(within(rows[1]!).getByText('No nickname yet')).toBeInTheDocument();
  });
});
