import { dropMessages, errorCatalogue, type TConsoleDropRequest, type TRedeemBatchRequest } from '@cypher/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ids, page, pathnameOf } from '../../test/catalog-fixtures.ts';
import {
  consoleDrop,
  consoleDropIds,
  consoleDropsApi,
  dropRequest,
  listItem,
} from '../../test/console-drops-fixtures.ts';
import { confirmBatch, consoleWithGiveaways, redeemBatch } from '../../test/console-giveaways-fixtures.ts';
import { json, type SentRequest } from '../../test/fake-api.ts';
import { renderApp } from '../../test/render-app.tsx';

// A pack as a gift (decision record 36) in the console: a drop's gift round set in its editor, and its packs picked as
// what a redeem batch, a check-in reward or an airdrop gives.
const JOURNEY_MS = 30_000;

function localTime(hours: number): string {
  const date = new Date(Date.now() + hours * 3_600_000);
  return new Date(date.getTime() - date.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
}

const posts = (sent: SentRequest[], path: string) =>
  sent.filter((request) => request.method === 'POST' && pathnameOf(request.path) === path);

/** Neon Tides, on sale with 83 of its 120 gift packs left, and an ended drop with packs left it can no longer give. */
const live = consoleDrop(consoleDropIds.live, dropRequest({ name: 'Neon Tides', giftRound: { packCount: 120 } }), {
  publicationStatus: 'PUBLISHED',
});
const liveWithGiven = { ...live, status: 'AVAILABLE' as const, giftRound: { ...live.giftRound!, givenCount: 37 } };
const ended = consoleDrop(
  '0190a0b0-0000-7000-8000-00000000dd77',
  dropRequest({ name: 'Old Tides', giftRound: { packCount: 10 } }),
  {
    publicationStatus: 'PUBLISHED',
  },
);
const endedDrop = { ...ended, status: 'COMPLETED' as const };

describe('console grant fields: a pack', () => {
  // Review (brief B): the gift drops were the first 100 published ones with gift packs, so the 101st could not be given.
  it(
    'finds a drop with gift packs past the first hundred by name, keeps it chosen, and gives its gift round',
    async () => {
      const number = (n: number) => String(n).padStart(3, '0');
      const drops = Array.from({ length: 150 }, (_, n) => ({
        ...listItem(liveWithGiven),
        id: `0190a0b0-0000-7000-8000-000000${number(n + 1)}d0d`,
        name: `Tides ${number(n + 1)}`,
        giftRound: { ...liveWithGiven.giftRound!, id: `0190a0b0-0000-7000-8000-000000${number(n + 1)}6f7` },
      }));
      const sent = consoleWithGiveaways((request) => {
        const path = pathnameOf(request.path);
        if (path === '/v1/console/drops') {
          const q = new URL(request.path, 'http://localhost').searchParams.get('q');
          const found = q ? drops.filter((drop) => drop.name.includes(q)) : drops;
          return json(200, { data: page(found.slice(0, 100), { size: 100, total: found.length }) });
        }
        if (request.method === 'POST' && path === '/v1/console/redeem-batches')
          return json(201, { data: redeemBatch() });
        if (path.startsWith('/v1/console/redeem-batches/')) return json(200, { data: redeemBatch() });
        return undefined;
      });
      const user = userEvent.setup();
      renderApp('/console/redeem-batches/new');

      const form = await screen.findByRole('form', { name: 'New batch of codes' });
      await user.type(within(form).getByLabelText(/^Name/), 'Launch packs');
      await user.type(within(form).getByLabelText(/^Number of codes/), '50');
      fireEvent.change(within(form).getByLabelText(/^From/), { target: { value: localTime(1) } });
      fireEvent.change(within(form).getByLabelText(/^Until/), { target: { value: localTime(48) } });
      await user.selectOptions(within(form).getByLabelText(/^Gives/), 'PACK');
      const select = within(form).getByLabelText(/^Gift packs of/);
      await within(select).findByRole('option', { name: /^Tides 100 / });
      expect(within(form).getByText('50 more drops with gift packs: search by name to find them.')).toBeInTheDocument();

      const search = within(form).getByRole('searchbox', { name: 'Search drops with gift packs by name' });
      await user.type(search, '142');
      await user.selectOptions(select, await within(select).findByRole('option', { name: /^Tides 142 / }));
      const asked = sent.filter((request) => pathnameOf(request.path) === '/v1/console/drops').at(-1)!;
      expect(new URL(asked.path, 'http://localhost').searchParams.get('q')).toBe('142');
      // Another search leaves the chosen drop chosen, named, and what it has left said.
      await user.clear(search);
      await within(select).findByRole('option', { name: /^Tides 001 / });
      expect(within(select).getByRole('option', { selected: true })).toHaveTextContent(
        'Tides 142 · Neon Arcade · 83 of 120 gift packs left',
      );
      expect(select).toHaveAccessibleDescription(/^83 of 120 gift packs left: /);

      await user.click(within(form).getByRole('button', { name: 'Create' }));
      await confirmBatch(user, /Each use gives a pack/);
      await waitFor(() => expect(posts(sent, '/v1/console/redeem-batches')).toHaveLength(1));
      expect((posts(sent, '/v1/console/redeem-batches')[0]!.body as TRedeemBatchRequest).grant).toEqual({
        kind: 'PACK',
        dropId: drops[141]!.id,
        giftRoundId: drops[141]!.giftRound.id,
      });
    },
    JOURNEY_MS,
  );

  it(
    'offers published drops with their gift packs left, sends the drop and its gift round, and shows a refusal under it',
    async () => {
      const sent = consoleWithGiveaways((request) => {
        const path = pathnameOf(request.path);
        if (path === '/v1/console/drops') return json(200, { data: page([liveWithGiven, endedDrop].map(listItem)) });
        if (request.method === 'POST' && path === '/v1/console/redeem-batches') {
          return posts(sent, path).length === 1
            ? json(400, {
                code: 'GRANT_ITEM_NOT_FOUND',
                message: errorCatalogue.GRANT_ITEM_NOT_FOUND.message,
                details: [{ field: 'grant.dropId', message: 'This drop has no such gift round.' }],
              })
            : json(201, { data: redeemBatch() });
        }
        if (path.startsWith('/v1/console/redeem-batches/')) return json(200, { data: redeemBatch() });
        return undefined;
      });
      const user = userEvent.setup();
      renderApp('/console/redeem-batches/new');

      const form = await screen.findByRole('form', { name: 'New batch of codes' });
      await user.type(within(form).getByLabelText(/^Name/), 'Launch packs');
      await user.type(within(form).getByLabelText(/^Number of codes/), '50');
      fireEvent.change(within(form).getByLabelText(/^From/), { target: { value: localTime(1) } });
      fireEvent.change(within(form).getByLabelText(/^Until/), { target: { value: localTime(48) } });
      await user.selectOptions(within(form).getByLabelText(/^Gives/), 'PACK');
      await user.click(within(form).getByRole('button', { name: 'Create' }));
      const unchosen = await within(form).findByText('Choose the drop whose gift packs it gives.');
      const select = within(form).getByLabelText(/^Gift packs of/);
      expect(select.getAttribute('aria-describedby')).toContain(unchosen.id);

      // Only drops with gift packs are asked for; an ended one gives nothing more, so it is not offered.
      const option = await within(select).findByRole('option', {
        name: 'Neon Tides · Neon Arcade · 83 of 120 gift packs left',
      });
      expect(within(select).queryByRole('option', { name: /Old Tides/ })).toBeNull();
      const asked = sent.find((request) => pathnameOf(request.path) === '/v1/console/drops')!;
      expect(new URLSearchParams(asked.path.split('?')[1]).get('hasGiftRound')).toBe('true');
      expect(new URLSearchParams(asked.path.split('?')[1]).get('status')).toBe('PUBLISHED');

      await user.selectOptions(select, option);
      // What is left is said again under the select, which a phone cuts short.
      expect(select).toHaveAccessibleDescription(
        '83 of 120 gift packs left: a sealed pack of the drop’s gift round each time, until they are all given or the drop ends.',
      );
      await user.click(within(form).getByRole('button', { name: 'Create' }));
      await confirmBatch(user, /Each use gives a pack; in all the batch can give up to 50 packs \(50 uses\)/);
      // The API's word on the drop goes under the one select that picks it.
      const refusal = await within(form).findByText('This drop has no such gift round.');
      expect(
        within(form)
          .getByLabelText(/^Gift packs of/)
          .getAttribute('aria-describedby'),
      ).toContain(refusal.id);
      expect((posts(sent, '/v1/console/redeem-batches')[0]!.body as TRedeemBatchRequest).grant).toEqual({
        kind: 'PACK',
        dropId: consoleDropIds.live,
        giftRoundId: live.giftRound!.id,
      });

      await user.click(within(form).getByRole('button', { name: 'Create' }));
      await confirmBatch(user, /makes 50 codes/);
      await waitFor(() => expect(posts(sent, '/v1/console/redeem-batches')).toHaveLength(2));
    },
    JOURNEY_MS,
  );

  it('is offered to a brand manager, whose drops the API lists', async () => {
    consoleWithGiveaways(
      (request) =>
        pathnameOf(request.path) === '/v1/console/drops'
          ? json(200, { data: page([listItem(liveWithGiven)]) })
          : undefined,
      { isAdmin: false },
    );
    const user = userEvent.setup();
    renderApp('/console/redeem-batches/new');
    const form = await screen.findByRole('form', { name: 'New batch of codes' });
    await user.selectOptions(within(form).getByLabelText(/^Gives/), 'PACK');
    expect(
      await within(within(form).getByLabelText(/^Gift packs of/)).findByRole('option', { name: /^Neon Tides/ }),
    ).toBeInTheDocument();
  });
});

describe('console drop editor: the gift round', () => {
  it(
    'sets packs aside after the rounds, in the contract’s words, filled by the contents and sent as the gift round',
    async () => {
      const draft = consoleDrop(consoleDropIds.upcoming, dropRequest({ name: 'Starfall Academy' }));
      const sent = consoleDropsApi([draft]);
      const user = userEvent.setup();
      renderApp(`/console/drops/${consoleDropIds.upcoming}`);

      const form = await screen.findByRole('form', { name: 'Edit Starfall Academy' });
      await user.click(within(form).getByLabelText('Set packs aside for giveaways'));
      await user.click(within(form).getByRole('button', { name: 'Save changes' }));
      const countError = await within(form).findByText(dropMessages.giftPackCount);
      const count = within(form).getByLabelText(/^Packs set aside/);
      expect(count.getAttribute('aria-describedby')).toContain(countError.id);

      // Numbered after the rounds' 100 packs; the contents must fill them too.
      await user.type(count, '20');
      expect(within(form).getByText('Packs #101–#120, numbered after the rounds’.')).toBeInTheDocument();
      const summary = within(form).getByRole('region', { name: 'Summary' });
      expect(
        within(summary).getByText(
          /The rounds sell 100 packs of 2, 20 more are set aside: 240 editions\. The contents hold 200: add 40/,
        ),
      ).toBeInTheDocument();
      await user.clear(within(form).getByLabelText('Editions of Squire'));
      await user.type(within(form).getByLabelText('Editions of Squire'), '230');
      expect(
        within(summary).getByText(
          'The contents fill the 100 packs the rounds sell and the 20 set aside for giveaways exactly.',
        ),
      ).toBeInTheDocument();

      await user.click(within(form).getByRole('button', { name: 'Save changes' }));
      await waitFor(() => expect(sent.filter((request) => request.method === 'PUT')).toHaveLength(1));
      const body = sent.find((request) => request.method === 'PUT')!.body as TConsoleDropRequest;
      expect(body.giftRound).toEqual({ packCount: 20 });
      expect(body.contents).toContainEqual({ productId: ids.squire, editionCount: 230 });
      expect(await screen.findByText('Changes saved')).toBeInTheDocument();
      // Saved, the editor shows the draft again (a form of its own): the box ticked, with its count.
      const saved = await screen.findByRole('form', { name: 'Edit Starfall Academy' });
      expect(within(saved).getByLabelText('Set packs aside for giveaways')).toBeChecked();
      expect(within(saved).getByLabelText(/^Packs set aside/)).toHaveValue(20);
    },
    JOURNEY_MS,
  );
});
