import {
  errorCatalogue,
  grantMessages,
  redeemMessages,
  type TEditionPoolRequest,
  type TRedeemBatchRequest,
} from '@cypher/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ids, page, pathnameOf } from '../../test/catalog-fixtures.ts';
import {
  batchRevokedAt,
  confirmBatch,
  consoleWithGiveaways,
  editionPool,
  shownGrants,
  giveawayIds,
  redeemBatch,
} from '../../test/console-giveaways-fixtures.ts';
import { apiFailure, json, type SentRequest } from '../../test/fake-api.ts';
import { passIds } from '../../test/passes-fixtures.ts';
import { renderApp } from '../../test/render-app.tsx';
import { formatDateTimeWithZone } from '../../lib/format.ts';

// A save checks the whole form: on a busy machine a journey here takes longer than a test's five seconds.
const JOURNEY_MS = 30_000;

/** What a datetime-local box holds for the instant `hours` from now, in this machine's time zone. */
function localTime(hours: number): string {
  const date = new Date(Date.now() + hours * 3_600_000);
  return new Date(date.getTime() - date.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
}

const sentTime = (local: string) => new Date(local).toISOString();
const pickTime = (label: RegExp, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

const at = '2026-11-01T00:00:00.000Z';

const posts = (sent: SentRequest[], path: string) =>
  sent.filter((request) => request.method === 'POST' && pathnameOf(request.path) === path);

afterEach(() => {
  vi.restoreAllMocks();
});

describe('console redeem codes: the list', () => {
  it('lists batches with what they give, their codes, uses, validity and standing', async () => {
    consoleWithGiveaways((request) =>
      pathnameOf(request.path) === '/v1/console/redeem-batches'
        ? json(200, {
            data: page([
              redeemBatch(),
              redeemBatch({
                id: '0190a0b0-0000-7000-8000-0000000f1002',
                name: 'Old promo',
                usesPerCode: 50,
                usesPerPerson: 2,
                codeCount: 10,
                validUntil: '2026-01-01T00:00:00.000Z',
              }),
              redeemBatch({ id: '0190a0b0-0000-7000-8000-0000000f1003', name: 'Leaked codes', revokedAt: at }),
            ]),
          })
        : undefined,
    );
    renderApp('/console/redeem-batches');
    expect(await screen.findByRole('heading', { level: 1, name: 'Redeem codes' })).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Console sections' });
    expect(within(nav).getByRole('link', { name: 'Redeem codes' })).toHaveAttribute('href', '/console/redeem-batches');

    const table = await screen.findByRole('table', { name: 'Batches' });
    const launch = within(table).getByRole('row', { name: /Launch party/ });
    expect(within(launch).getByRole('link', { name: 'Launch party' })).toHaveAttribute(
      'href',
      `/console/redeem-batches/${giveawayIds.batch}`,
    );
    expect(launch).toHaveTextContent('3 Drop tickets');
    expect(launch).toHaveTextContent('1,000 codes · single use');
    expect(launch).toHaveTextContent('96 of 1,000 codes');
    expect(launch).toHaveTextContent('Valid');
    const old = within(table).getByRole('row', { name: /Old promo/ });
    expect(old).toHaveTextContent('10 codes · 50 uses each, 2 per person');
    expect(old).toHaveTextContent('Expired');
    // Revoked says so, though its dates would call it valid.
    expect(within(table).getByRole('row', { name: /Leaked codes/ })).toHaveTextContent('Revoked');
    expect(launch).not.toHaveTextContent('Revoked');
  });

  it('leads to making a kind of ticket, or a pass, when the brand has none to give', async () => {
    consoleWithGiveaways((request) =>
      ['/v1/console/ticket-kinds', '/v1/console/passes'].includes(pathnameOf(request.path))
        ? json(200, { data: page([]) })
        : undefined,
    );
    const user = userEvent.setup();
    renderApp('/console/redeem-batches/new');
    const form = await screen.findByRole('form', { name: 'New batch of codes' });
    expect(await within(form).findByRole('option', { name: 'No kinds of ticket yet' })).toBeInTheDocument();
    expect(within(form).getByRole('link', { name: 'Tickets' })).toHaveAttribute('href', '/console/ticket-kinds/new');

    await user.selectOptions(within(form).getByLabelText(/^Gives/), 'PASS');
    expect(await within(form).findByRole('option', { name: 'No passes yet' })).toBeInTheDocument();
    expect(within(form).getByRole('link', { name: 'Passes' })).toHaveAttribute('href', '/console/passes/new');
  });

  it('offers the first batch when there is none, and says when the list could not be read', async () => {
    let isFailing = true;
    consoleWithGiveaways((request) => {
      if (pathnameOf(request.path) !== '/v1/console/redeem-batches') return undefined;
      return isFailing ? apiFailure(500, 'INTERNAL_ERROR') : json(200, { data: page([]) });
    });
    const user = userEvent.setup();
    renderApp('/console/redeem-batches');
    expect(await screen.findByRole('heading', { name: 'We could not load the batches' })).toBeInTheDocument();
    isFailing = false;
    await user.click(screen.getByRole('button', { name: /Try again/ }));
    expect(await screen.findByRole('heading', { name: 'No codes yet' })).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'New batch' }).at(-1)).toHaveAttribute(
      'href',
      '/console/redeem-batches/new',
    );
  });
});

describe('console redeem codes: a new batch', () => {
  it(
    'shows the contract’s words under their fields, then sends the batch and opens it',
    async () => {
      const created = redeemBatch({ id: giveawayIds.batch, useCount: 0, usedCodeCount: 0 });
      const sent = consoleWithGiveaways((request) => {
        const path = pathnameOf(request.path);
        if (request.method === 'POST' && path === '/v1/console/redeem-batches') return json(201, { data: created });
        if (path === `/v1/console/redeem-batches/${giveawayIds.batch}`) return json(200, { data: created });
        return undefined;
      });
      const user = userEvent.setup();
      renderApp('/console/redeem-batches/new');

      const form = await screen.findByRole('form', { name: 'New batch of codes' });
      const zone = new Intl.DateTimeFormat().resolvedOptions().timeZone;
      expect(
        within(form).getByText(
          `Times are in your time zone, ${zone}. Before and after, the codes are refused in words.`,
        ),
      ).toBeInTheDocument();
      await user.selectOptions(within(form).getByLabelText(/^Gives/), 'PASS');
      await user.click(within(form).getByRole('button', { name: 'Create' }));
      expect(await within(form).findByText('Choose the pass it gives.')).toBeInTheDocument();
      expect(within(form).getByText(redeemMessages.codeCount)).toBeInTheDocument();

      await user.type(within(form).getByLabelText(/^Name/), 'Launch party');
      const pass = within(form).getByLabelText(/^Pass/);
      await within(pass).findByRole('option', { name: /Neon Season Pass/ });
      // A draft pass is not issued yet: no code can give it.
      expect(within(pass).queryByRole('option', { name: /Draft Pass/ })).toBeNull();
      await user.selectOptions(pass, passIds.pass);
      await user.type(within(form).getByLabelText(/^Number of codes/), '100001');
      await user.clear(within(form).getByLabelText(/^Uses per code/));
      await user.type(within(form).getByLabelText(/^Uses per code/), '2');
      await user.clear(within(form).getByLabelText(/^Uses per person/));
      await user.type(within(form).getByLabelText(/^Uses per person/), '3');
      await user.click(within(form).getByRole('button', { name: 'Create' }));
      expect(await within(form).findByText(redeemMessages.codeCount)).toBeInTheDocument();

      await user.clear(within(form).getByLabelText(/^Number of codes/));
      await user.type(within(form).getByLabelText(/^Number of codes/), '100000');
      const [from, until] = [localTime(1), localTime(24 * 30)];
      pickTime(/^From/, until);
      pickTime(/^Until/, from);
      await user.click(within(form).getByRole('button', { name: 'Create' }));
      // The contract's rules across fields, under the field each is about.
      const perPerson = await within(form).findByText(redeemMessages.usesPerPerson);
      expect(
        within(form)
          .getByLabelText(/^Uses per person/)
          .getAttribute('aria-describedby'),
      ).toContain(perPerson.id);
      expect(within(form).getByText(redeemMessages.validity)).toBeInTheDocument();
      expect(posts(sent, '/v1/console/redeem-batches')).toEqual([]);

      await user.clear(within(form).getByLabelText(/^Uses per person/));
      await user.type(within(form).getByLabelText(/^Uses per person/), '1');
      pickTime(/^From/, from);
      pickTime(/^Until/, until);
      await user.click(within(form).getByRole('button', { name: 'Create' }));
      // Nothing is made until the operator has read what the batch can give in all.
      const dialog = await screen.findByRole('dialog', { name: 'Make these codes?' });
      expect(posts(sent, '/v1/console/redeem-batches')).toEqual([]);
      await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
      expect(posts(sent, '/v1/console/redeem-batches')).toEqual([]);
      await user.click(within(form).getByRole('button', { name: 'Create' }));
      await confirmBatch(
        user,
        new RegExp(
          `^“Launch party” makes 100,000 codes, each usable 2 times in all and once by one person\\. Each use gives a pass; ` +
            `in all the batch can give up to 200,000 passes \\(200,000 uses\\)\\. The codes work from ` +
            `${formatDateTimeWithZone(sentTime(from))} until ${formatDateTimeWithZone(sentTime(until))}\\. ` +
            // Session 68's note: nothing said that a pass with 412 left stops giving long before 200,000 uses.
            `The pass has only 412 left: uses past them are refused\\. A batch cannot be changed afterwards, only revoked\\.$`,
        ),
      );

      await waitFor(() => expect(posts(sent, '/v1/console/redeem-batches')).toHaveLength(1));
      expect(posts(sent, '/v1/console/redeem-batches')[0]!.body).toEqual({
        name: 'Launch party',
        grant: { kind: 'PASS', passId: passIds.pass },
        codeCount: 100_000,
        usesPerCode: 2,
        usesPerPerson: 1,
        validFrom: sentTime(from),
        validUntil: sentTime(until),
      } satisfies TRedeemBatchRequest);
      expect(await screen.findByRole('heading', { level: 1, name: 'Launch party' })).toBeInTheDocument();
    },
    JOURNEY_MS,
  );

  // Collector walk of session 46: codes ending in the past were refused only after "Make these codes?".
  it('says under Until that the codes would have expired already, before asking to confirm', async () => {
    const sent = consoleWithGiveaways(() => undefined);
    const user = userEvent.setup();
    renderApp('/console/redeem-batches/new');
    const form = await screen.findByRole('form', { name: 'New batch of codes' });
    await user.type(within(form).getByLabelText(/^Name/), 'Last week');
    await user.selectOptions(within(form).getByLabelText(/^Gives/), 'PASS');
    const pass = within(form).getByLabelText(/^Pass/);
    await within(pass).findByRole('option', { name: /Neon Season Pass/ });
    await user.selectOptions(pass, passIds.pass);
    await user.type(within(form).getByLabelText(/^Number of codes/), '10');
    pickTime(/^From/, localTime(-24 * 7));
    pickTime(/^Until/, localTime(-1));
    await user.click(within(form).getByRole('button', { name: 'Create' }));
    const refusal = await within(form).findByText(redeemMessages.expired);
    expect(
      within(form)
        .getByLabelText(/^Until/)
        .getAttribute('aria-describedby'),
    ).toContain(refusal.id);
    expect(screen.queryByRole('dialog', { name: 'Make these codes?' })).toBeNull();
    expect(posts(sent, '/v1/console/redeem-batches')).toEqual([]);
  });

  it(
    'gives an edition from a pool set aside in a dialog, and shows the API’s refusal of a grant under its field',
    async () => {
      let batchPosts = 0;
      const made = editionPool({ id: giveawayIds.newPool, size: 20, remaining: 20 });
      const sent = consoleWithGiveaways((request) => {
        const path = pathnameOf(request.path);
        if (request.method === 'POST' && path === '/v1/console/edition-pools') return json(201, { data: made });
        if (request.method === 'POST' && path === '/v1/console/redeem-batches') {
          batchPosts += 1;
          return json(400, {
            code: 'INVALID_REQUEST',
            message: errorCatalogue.INVALID_REQUEST.message,
            details: [{ field: 'grant.editionPoolId', message: 'This pool has no editions left.' }],
          });
        }
        return undefined;
      });
      const user = userEvent.setup();
      renderApp('/console/redeem-batches/new');

      const form = await screen.findByRole('form', { name: 'New batch of codes' });
      await user.type(within(form).getByLabelText(/^Name/), 'Dragon hunt');
      await user.type(within(form).getByLabelText(/^Number of codes/), '20');
      await user.selectOptions(within(form).getByLabelText(/^Gives/), 'EDITION');
      const pools = within(form).getByLabelText(/^Edition pool/);
      await within(pools).findByRole('option', {
        name: /Dragon of the Eighth Bit \(Legendary\) · Neon Arcade · 7 of 10 left/,
      });

      await user.click(within(form).getByRole('button', { name: 'Set editions aside' }));
      const dialog = await screen.findByRole('dialog', { name: 'Set editions aside' });
      await user.click(within(dialog).getByRole('button', { name: 'Set aside' }));
      expect(await within(dialog).findByText('Choose a brand.')).toBeInTheDocument();
      expect(within(dialog).getByText(grantMessages.poolSize)).toBeInTheDocument();

      const brandSelect = within(dialog).getByLabelText(/^Brand/);
      await within(brandSelect).findByRole('option', { name: 'Neon Arcade' });
      await user.selectOptions(brandSelect, ids.neonArcade);
      const product = within(dialog).getByLabelText(/^Product/);
      await within(product).findByRole('option', { name: /Dragon of the Eighth Bit/ });
      await user.selectOptions(product, ids.dragon);
      await user.type(within(dialog).getByLabelText(/^Editions/), '20');
      await user.click(within(dialog).getByRole('button', { name: 'Set aside' }));

      await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Set editions aside' })).toBeNull());
      expect(posts(sent, '/v1/console/edition-pools')[0]!.body).toEqual({
        brandId: ids.neonArcade,
        productId: ids.dragon,
        size: 20,
      } satisfies TEditionPoolRequest);
      // The pool's dialog sent only itself: the batch's form was not submitted with it.
      expect(batchPosts).toBe(0);
      expect(within(form).getByLabelText(/^Edition pool/)).toHaveValue(giveawayIds.newPool);

      await user.click(within(form).getByRole('button', { name: 'Create' }));
      await confirmBatch(user, /Each use gives an edition; in all the batch can give up to 20 editions \(20 uses\)/);
      const refusal = await within(form).findByText('This pool has no editions left.');
      expect(
        within(form)
          .getByLabelText(/^Edition pool/)
          .getAttribute('aria-describedby'),
      ).toContain(refusal.id);
      expect((posts(sent, '/v1/console/redeem-batches')[0]!.body as TRedeemBatchRequest).grant).toEqual({
        kind: 'EDITION',
        editionPoolId: giveawayIds.newPool,
      });
    },
    JOURNEY_MS,
  );

  it(
    'says in its confirmation when the pool has fewer editions left than the batch can give, and not otherwise',
    async () => {
      const sent = consoleWithGiveaways(() => undefined);
      const user = userEvent.setup();
      renderApp('/console/redeem-batches/new');

      const form = await screen.findByRole('form', { name: 'New batch of codes' });
      await user.type(within(form).getByLabelText(/^Name/), 'Dragon hunt');
      await user.selectOptions(within(form).getByLabelText(/^Gives/), 'EDITION');
      const pools = within(form).getByLabelText(/^Edition pool/);
      await within(pools).findByRole('option', { name: /7 of 10 left/ });
      await user.selectOptions(pools, giveawayIds.pool);
      await user.type(within(form).getByLabelText(/^Number of codes/), '7');
      await user.click(within(form).getByRole('button', { name: 'Create' }));
      const enough = await screen.findByRole('dialog', { name: 'Make these codes?' });
      expect(enough).toHaveAccessibleDescription(/up to 7 editions \(7 uses\)/);
      // The pool is read once the confirmation opens: once it has answered, nothing is said to be missing.
      const poolPath = `/v1/console/edition-pools/${giveawayIds.pool}`;
      await waitFor(() => expect(sent.map((request) => pathnameOf(request.path))).toContain(poolPath));
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(enough).not.toHaveAccessibleDescription(/left/);
      await user.click(within(enough).getByRole('button', { name: 'Cancel' }));

      await user.clear(within(form).getByLabelText(/^Number of codes/));
      await user.type(within(form).getByLabelText(/^Number of codes/), '8');
      await user.click(within(form).getByRole('button', { name: 'Create' }));
      const short = await screen.findByRole('dialog', { name: 'Make these codes?' });
      await waitFor(() =>
        expect(short).toHaveAccessibleDescription(
          /up to 8 editions \(8 uses\)\. .* The pool has only 7 editions left: uses past them are refused\. A batch/,
        ),
      );
    },
    JOURNEY_MS,
  );

  it(
    'takes credit in CYP as amounts are shown (5 is 5.00 CYP), says what is wrong with it, and sends minor units',
    async () => {
      const created = redeemBatch();
      const sent = consoleWithGiveaways((request) => {
        const path = pathnameOf(request.path);
        if (request.method === 'POST' && path === '/v1/console/redeem-batches') return json(201, { data: created });
        if (path === `/v1/console/redeem-batches/${giveawayIds.batch}`) return json(200, { data: created });
        return undefined;
      });
      const user = userEvent.setup();
      renderApp('/console/redeem-batches/new');

      const form = await screen.findByRole('form', { name: 'New batch of codes' });
      await user.type(within(form).getByLabelText(/^Name/), 'Launch party');
      await user.type(within(form).getByLabelText(/^Number of codes/), '10');
      await user.selectOptions(within(form).getByLabelText(/^Gives/), 'CREDIT');
      const credit = within(form).getByLabelText(/^Credit \(CYP\)/);
      expect(within(form).getByText('In CYP, such as 5.00: spendable, not withdrawable.')).toBeInTheDocument();

      const refusals: [string, string][] = [
        ['5.255', 'Enter the credit with at most 2 decimals: CYP counts to 0.01.'],
        ['0', 'Enter a credit of more than 0.00 CYP.'],
        ['-3', 'Enter a credit of more than 0.00 CYP.'],
        ['five', 'Enter the credit as an amount of CYP, such as 5.00.'],
        ['10000000.01', 'A grant gives at most 10,000,000.00 CYP.'],
      ];
      for (const [typed, message] of refusals) {
        await user.clear(credit);
        await user.type(credit, typed);
        await user.click(within(form).getByRole('button', { name: 'Create' }));
        const refusal = await within(form).findByText(message);
        expect(credit.getAttribute('aria-describedby')).toContain(refusal.id);
      }
      expect(posts(sent, '/v1/console/redeem-batches')).toEqual([]);

      // Typed as a price is: "1,500" reads as 1,500.00 CYP once the box is left.
      await user.clear(credit);
      await user.type(credit, '1,500');
      await user.tab();
      expect(credit).toHaveValue('1,500.00');
      expect(within(form).getByText('1,500.00 CYP of credit: spendable, not withdrawable.')).toBeInTheDocument();
      await user.clear(credit);
      await user.type(credit, '5');
      await user.click(within(form).getByRole('button', { name: 'Create' }));
      await confirmBatch(
        user,
        /makes 10 codes, each usable once\. Each use gives 5\.00 CYP of credit; in all the batch can give up to 50\.00 CYP of credit \(10 uses\)\. The codes work as soon as they are made until/,
      );

      await waitFor(() => expect(posts(sent, '/v1/console/redeem-batches')).toHaveLength(1));
      expect((posts(sent, '/v1/console/redeem-batches')[0]!.body as TRedeemBatchRequest).grant).toEqual({
        kind: 'CREDIT',
        amount: 500,
      });
      expect(await screen.findByRole('heading', { level: 1, name: created.name })).toBeInTheDocument();
    },
    JOURNEY_MS,
  );

  it('offers a brand manager no CYP credit and none of the marketplace’s own tickets', async () => {
    consoleWithGiveaways(() => undefined, { isAdmin: false });
    const user = userEvent.setup();
    renderApp('/console/redeem-batches/new');
    const form = await screen.findByRole('form', { name: 'New batch of codes' });
    const gives = within(form).getByLabelText(/^Gives/);
    expect(within(gives).queryByRole('option', { name: 'CYP credit' })).toBeNull();
    const kinds = within(form).getByLabelText(/^Kind of ticket/);
    await within(kinds).findByRole('option', { name: /Neon ticket/ });
    expect(within(kinds).queryByRole('option', { name: /Drop ticket/ })).toBeNull();
    await user.selectOptions(gives, 'PASS');
    expect(within(form).getByLabelText(/^Pass/)).toBeInTheDocument();
  });
});

describe('console redeem codes: a batch', () => {
  // Session 78's console hunt: the pool ran out, and the batch still read "Valid, uses left 1" without a word.
  it('says when the reward’s stock is short of the uses left, and not once the batch is revoked', async () => {
    let batch = redeemBatch({ grant: shownGrants.edition(), codeCount: 3, useCount: 2, usedCodeCount: 2 });
    consoleWithGiveaways((request) => {
      const path = pathnameOf(request.path);
      if (path === `/v1/console/redeem-batches/${giveawayIds.batch}`) return json(200, { data: batch });
      if (path === `/v1/console/edition-pools/${giveawayIds.pool}`) {
        return json(200, { data: editionPool({ size: 2, remaining: 0 }) });
      }
      return undefined;
    });
    const page = renderApp(`/console/redeem-batches/${giveawayIds.batch}`);
    const uses = await screen.findByRole('region', { name: 'Uses' });
    expect(await within(uses).findByText('The pool has none left')).toBeInTheDocument();
    expect(uses).toHaveTextContent('Every use left will be refused as out of stock; a code refused keeps its use.');

    page.unmount();
    batch = { ...batch, revokedAt: '2026-11-20T10:00:00.000Z' };
    renderApp(`/console/redeem-batches/${giveawayIds.batch}`);
    const revoked = await screen.findByRole('region', { name: 'Uses' });
    await within(revoked).findByText('Uses stopped');
    expect(within(revoked).queryByText('The pool has none left')).toBeNull();
  });

  it('says nothing of the stock for a batch that has expired', async () => {
    const expired = redeemBatch({
      grant: shownGrants.edition(),
      codeCount: 3,
      useCount: 2,
      usedCodeCount: 2,
      validUntil: '2026-01-01T00:00:00.000Z',
    });
    consoleWithGiveaways((request) => {
      const path = pathnameOf(request.path);
      if (path === `/v1/console/redeem-batches/${giveawayIds.batch}`) return json(200, { data: expired });
      if (path === `/v1/console/edition-pools/${giveawayIds.pool}`) {
        return json(200, { data: editionPool({ size: 2, remaining: 0 }) });
      }
      return undefined;
    });
    renderApp(`/console/redeem-batches/${giveawayIds.batch}`);
    const uses = await screen.findByRole('region', { name: 'Uses' });
    await within(uses).findByText('Uses left');
    expect(within(uses).queryByText('The pool has none left')).toBeNull();
  });

  it('shows its uses and downloads its codes as CSV with the operator’s token', async () => {
    const csv = 'number,code\n1,7K3M-9QXD-2F4H-WN8C\n';
    let isFirstExport = true;
    const sent = consoleWithGiveaways((request) => {
      const path = pathnameOf(request.path);
      if (path === `/v1/console/redeem-batches/${giveawayIds.batch}`) return json(200, { data: redeemBatch() });
      if (path === `/v1/console/redeem-batches/${giveawayIds.batch}/codes.csv`) {
        if (isFirstExport) {
          isFirstExport = false;
          return json(409, {
            code: 'REDEEM_CODE_SECRET_CHANGED',
            message: errorCatalogue.REDEEM_CODE_SECRET_CHANGED.message,
          });
        }
        return new Response(csv, {
          status: 200,
          headers: {
            'Content-Type': 'text/csv; charset=utf-8',
            'Content-Disposition': 'attachment; filename="launch-party-codes.csv"',
          },
        });
      }
      return undefined;
    });
    const saved: { href: string; download: string }[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push({ href: this.href, download: this.download });
    });
    const blobs: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      blobs.push(blob as Blob);
      return 'blob:codes';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    const user = userEvent.setup();
    renderApp(`/console/redeem-batches/${giveawayIds.batch}`);

    expect(await screen.findByRole('heading', { level: 1, name: 'Launch party' })).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Codes used' })).toHaveAttribute(
      'aria-valuetext',
      '96 of 1,000 codes used',
    );
    expect(screen.getByText('1,000 codes · single use')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    expect(await screen.findByText(errorCatalogue.REDEEM_CODE_SECRET_CHANGED.message)).toBeInTheDocument();
    expect(saved).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    expect(await screen.findByText('Saved launch-party-codes.csv.')).toBeInTheDocument();
    expect(saved).toEqual([{ href: 'blob:codes', download: 'launch-party-codes.csv' }]);
    expect(await blobs[0]!.text()).toBe(csv);
    const exports = sent.filter((request) => pathnameOf(request.path).endsWith('/codes.csv'));
    expect(exports.map((request) => [request.method, request.authorization])).toEqual([
      ['GET', 'Bearer access-1'],
      ['GET', 'Bearer access-1'],
    ]);
    const headers = vi
      .mocked(fetch)
      .mock.calls.filter(([url]) => String(url).endsWith('/codes.csv'))
      .map(([, init]) => new Headers(init?.headers).get('Accept'));
    expect(headers).toEqual(['text/csv', 'text/csv']);
  });
});

describe('console redeem codes: revoking a batch', () => {
  const detailPath = `/v1/console/redeem-batches/${giveawayIds.batch}`;
  const revokePath = `${detailPath}/revoke`;
  /** The batch page's "Revoked {date}." line, dated as the console dates everything. */
  const revokedStatus = () =>
    screen.findByText(
      (_, element) =>
        element?.getAttribute('role') === 'status' &&
        Boolean(element.textContent?.startsWith(`Revoked ${formatDateTimeWithZone(batchRevokedAt)}.`)),
    );

  it(
    'revokes after a confirmation naming the batch and what stops, then shows when, without the button',
    async () => {
      const sent: SentRequest[] = consoleWithGiveaways((request) =>
        pathnameOf(request.path) === detailPath
          ? json(200, {
              data: posts(sent, revokePath).length > 0 ? redeemBatch({ revokedAt: batchRevokedAt }) : redeemBatch(),
            })
          : undefined,
      );
      const user = userEvent.setup();
      renderApp(`/console/redeem-batches/${giveawayIds.batch}`);
      expect(await screen.findByRole('heading', { level: 1, name: 'Launch party' })).toBeInTheDocument();

      // Cancelled: nothing sent.
      await user.click(screen.getByRole('button', { name: 'Revoke codes' }));
      let dialog = await screen.findByRole('dialog', { name: 'Revoke these codes?' });
      // 1,000 single-use codes, 96 used: 904 uses stop.
      expect(dialog).toHaveTextContent(
        'All 1,000 codes of “Launch party” stop working at once, with the 904 uses not yet redeemed.',
      );
      await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
      expect(screen.queryByRole('dialog', { name: 'Revoke these codes?' })).toBeNull();
      expect(posts(sent, revokePath)).toEqual([]);

      await user.click(screen.getByRole('button', { name: 'Revoke codes' }));
      dialog = await screen.findByRole('dialog', { name: 'Revoke these codes?' });
      await user.click(within(dialog).getByRole('button', { name: 'Revoke codes' }));

      expect(await screen.findByText('Launch party revoked')).toBeInTheDocument();
      const revoked = await revokedStatus();
      expect(within(revoked).getByText(formatDateTimeWithZone(batchRevokedAt))).toHaveAttribute(
        'datetime',
        batchRevokedAt,
      );
      expect(screen.queryByRole('dialog', { name: 'Revoke these codes?' })).toBeNull();
      expect(screen.queryByRole('button', { name: 'Revoke codes' })).toBeNull();
      expect(screen.getAllByText('Revoked').length).toBeGreaterThan(0);
      expect(posts(sent, revokePath).map((request) => request.authorization)).toEqual(['Bearer access-1']);
    },
    JOURNEY_MS,
  );

  it('says why a revoke was refused in the dialog, and shows a batch revoked by someone else as revoked', async () => {
    let refusal: 'FORBIDDEN' | 'REDEEM_BATCH_ALREADY_REVOKED' = 'FORBIDDEN';
    let isRevokedElsewhere = false;
    consoleWithGiveaways((request) => {
      const path = pathnameOf(request.path);
      if (path === detailPath) {
        return json(200, { data: isRevokedElsewhere ? redeemBatch({ revokedAt: batchRevokedAt }) : redeemBatch() });
      }
      if (path === revokePath) return json(refusal === 'FORBIDDEN' ? 403 : 409, { code: refusal, message: 'x' });
      return undefined;
    });
    const user = userEvent.setup();
    renderApp(`/console/redeem-batches/${giveawayIds.batch}`);

    await user.click(await screen.findByRole('button', { name: 'Revoke codes' }));
    const dialog = await screen.findByRole('dialog', { name: 'Revoke these codes?' });
    await user.click(within(dialog).getByRole('button', { name: 'Revoke codes' }));
    expect(await within(dialog).findByText(errorCatalogue.FORBIDDEN.message)).toBeInTheDocument();

    // Someone revoked it first: the batch is read again and shows revoked, with when.
    refusal = 'REDEEM_BATCH_ALREADY_REVOKED';
    isRevokedElsewhere = true;
    await user.click(within(dialog).getByRole('button', { name: 'Revoke codes' }));
    expect(await revokedStatus()).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Revoke codes' })).toBeNull();
  });
});
