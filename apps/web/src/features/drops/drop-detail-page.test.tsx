import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorCatalogue, type TDrop } from '@cypher/contract';
import { appConfig } from '../../config.ts';
import { formatDateTimeWithZone } from '../../lib/format.ts';
import { startSession } from '../../lib/session.ts';
import { balances, drop, dropIds, neonPassGuarantee, policy } from '../../test/drops-fixtures.ts';
import { apiFailure, json, myUser, stubApi } from '../../test/fake-api.ts';
import { renderApp } from '../../test/render-app.tsx';
import { BOUNDARY_READ_SPREAD_MS } from '../../lib/use-refetch-when-changed.ts';

const dropUrl = `/drops/${dropIds.drop}`;

/** The drop API answering `answer()` on every read, so a test can change the drop between reads. */
function dropApi(answer: () => TDrop | Response) {
  let reads = 0;
  stubApi((request) => {
    const path = request.path.split('?')[0];
    if (path === `/v1/drops/${dropIds.drop}`) {
      reads += 1;
      const value = answer();
      return value instanceof Response ? value : json(200, { data: value });
    }
    if (path === '/v1/users/my') return json(200, { data: myUser({ nickname: 'Ada' }) });
    if (path === '/v1/balances/my') return json(200, { data: balances(10_000) });
    return apiFailure(404, 'NOT_FOUND');
  });
  return { reads: () => reads };
}

function at(iso: string) {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  vi.setSystemTime(new Date(iso));
}

const statusPanel = () =>
  screen.getByText(
    (_, element) =>
      element?.tagName === 'P' &&
      /on sale|Coming soon|is next|ended|Sold out/.test(element.textContent ?? '') &&
      element.getAttribute('aria-live') === 'polite',
  );

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('drop page: states at the boundaries', () => {
  it('opens the sale by itself at dropBeginAt, and reads the drop again', async () => {
    at('2026-11-22T17:59:58.000Z');
    startSession({ accessToken: 'a1', refreshToken: 'r1' });
    const api = dropApi(() =>
      drop({ status: 'NEXT', viewer: { isWhitelisted: true, remaining: 2, purchasedCount: 0 } }),
    );
    renderApp(dropUrl);
    expect(await screen.findByRole('heading', { level: 1, name: 'Neon Genesis' })).toBeInTheDocument();
    expect(statusPanel()).toHaveTextContent('Coming soon');
    expect(screen.getByText('Opens in')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Buy packs' })).toBeDisabled();
    const readsBefore = api.reads();
    // This page's read falls late in the spread: the page turns at the boundary without waiting for it.
    vi.spyOn(Math, 'random').mockReturnValue(0.9);

    await vi.advanceTimersByTimeAsync(2_500);
    await waitFor(() => expect(statusPanel()).toHaveTextContent('Round 1 on sale'));
    expect(screen.getByText('Round 1 ends in')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Buy packs' })).toBeEnabled();
    expect(api.reads()).toBe(readsBefore);
    await vi.advanceTimersByTimeAsync(BOUNDARY_READ_SPREAD_MS);
    await waitFor(() => expect(api.reads()).toBeGreaterThan(readsBefore));
    const round1 = screen.getByRole('listitem', { name: 'Round 1' });
    expect(within(round1).getByText('On sale')).toBeInTheDocument();
  });

  it('goes between rounds at round 1 saleEndAt: round 2 is next, with its countdown', async () => {
    at('2026-11-22T19:59:59.000Z');
    dropApi(() => drop());
    renderApp(dropUrl);
    expect(await screen.findByText('Round 1 ends in')).toBeInTheDocument();
    await vi.advanceTimersByTimeAsync(1_500);
    await waitFor(() => expect(statusPanel()).toHaveTextContent('Round 2 is next'));
    expect(screen.getByText('Round 2 starts in')).toBeInTheDocument();
    expect(within(screen.getByRole('listitem', { name: 'Round 1' })).getByText('Ended')).toBeInTheDocument();
    expect(within(screen.getByRole('listitem', { name: 'Round 2' })).getByText('Upcoming')).toBeInTheDocument();
    // Nothing to buy until round 2: visitors are offered a reminder of it, through signing in and back here.
    expect(screen.getByRole('link', { name: 'Remind me' })).toHaveAttribute(
      'href',
      `/signin?redirectTo=${encodeURIComponent(dropUrl)}`,
    );
  });

  it('counts down to the drop’s end once: not twice when the round on sale ends with the drop', async () => {
    at('2026-11-22T18:30:00.000Z');
    dropApi(() => drop());
    renderApp(dropUrl);
    // Round 1 ends before the drop does: both ends, each with its own countdown.
    expect(await screen.findByText('Round 1 ends in')).toBeInTheDocument();
    expect(screen.getByText(/^Drop ends in/)).toBeInTheDocument();
    const statusTimers = () => within(statusPanel().parentElement!).getAllByRole('timer');
    expect(statusTimers()).toHaveLength(2);

    // Round 2 ends when the drop does: one countdown.
    vi.setSystemTime(new Date('2026-11-22T21:30:00.000Z'));
    await vi.advanceTimersByTimeAsync(1_000);
    expect(await screen.findByText('Round 2 ends in')).toBeInTheDocument();
    expect(screen.queryByText(/^Drop ends in/)).toBeNull();
    expect(statusTimers()).toHaveLength(1);
  });

  it('ends at dropEndAt: no countdown and no Buy button', async () => {
    at('2026-11-24T17:59:59.500Z');
    startSession({ accessToken: 'a1', refreshToken: 'r1' });
    dropApi(() => drop({ viewer: { isWhitelisted: null, remaining: null, purchasedCount: 0 } }));
    renderApp(dropUrl);
    expect(await screen.findByRole('button', { name: 'Buy packs' })).toBeEnabled();
    await vi.advanceTimersByTimeAsync(1_000);
    await waitFor(() => expect(statusPanel()).toHaveTextContent('Drop ended'));
    expect(
      screen.getByText(
        (_, element) => element?.tagName === 'P' && /^Ended \w{3} \d+, \d{4}, .+\.$/.test(element.textContent ?? ''),
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Buy packs' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Check the provenance' })).toHaveAttribute(
      'href',
      `/drops/${dropIds.drop}/provenance`,
    );
  });

  it('says sold out when every round is sold', async () => {
    at('2026-11-22T21:30:00.000Z');
    dropApi(() => drop({ salePolicies: [policy(1, { soldCount: 100 }), policy(2, { soldCount: 1_000 })] }));
    renderApp(dropUrl);
    expect(await screen.findByText('All 1,100 packs have been claimed.')).toBeInTheDocument();
    expect(statusPanel()).toHaveTextContent('Sold out');
    expect(screen.queryByRole('link', { name: 'Sign in to buy' })).toBeNull();
  });

  it('tells a signed-in person off the whitelist why they cannot buy', async () => {
    at('2026-11-22T18:30:00.000Z');
    startSession({ accessToken: 'a1', refreshToken: 'r1' });
    dropApi(() => drop({ viewer: { isWhitelisted: false, remaining: 0, purchasedCount: 0 } }));
    renderApp(dropUrl);
    expect(await screen.findByText('You are not on the whitelist for round 1.')).toBeInTheDocument();
    const buy = await screen.findByRole('button', { name: 'Buy packs' });
    expect(buy).toBeDisabled();
    expect(buy).toHaveAccessibleDescription('This round is only open to people on its whitelist.');
  });

  it('closes a holders-only round to someone without the pass, and opens it to a holder', async () => {
    at('2026-11-22T18:30:00.000Z');
    startSession({ accessToken: 'a1', refreshToken: 'r1' });
    const passId = '0190a0b0-0000-7000-8000-0000000aa001';
    const holdersOnly = [
      policy(1, { whitelists: [], requiredPass: { id: passId, name: 'Neon Season Pass' } }),
      policy(2),
    ];
    let holds = false;
    dropApi(() =>
      drop({
        salePolicies: holdersOnly,
        viewer: { isWhitelisted: null, holdsRequiredPass: holds, remaining: 2, purchasedCount: 0 },
      }),
    );
    const { unmount } = renderApp(dropUrl);
    expect(await screen.findByText(/Round 1 is for holders of Neon Season Pass\./)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Get the pass' })).toHaveAttribute('href', `/pass/${passId}`);
    const buy = await screen.findByRole('button', { name: 'Buy packs' });
    expect(buy).toBeDisabled();
    expect(buy).toHaveAccessibleDescription('This round is open to pass holders only.');
    expect(screen.getAllByText('Neon Season Pass').length).toBeGreaterThan(0);
    unmount();

    holds = true;
    renderApp(dropUrl);
    expect(await screen.findByText(/Your Neon Season Pass opens round 1\./)).toBeInTheDocument();
    // The button comes with the rest of the purchase panel, which may draw a moment after the round's words.
    expect(await screen.findByRole('button', { name: 'Buy packs' })).toBeEnabled();
  });

  it('tells a holder the packs their pass guarantees them, and everyone else how many are held back', async () => {
    at('2026-11-22T18:30:00.000Z');
    startSession({ accessToken: 'a1', refreshToken: 'r1' });
    const guarantee = neonPassGuarantee;
    const passId = guarantee.pass.id;
    const rounds = [policy(1, { whitelists: [], passGuarantee: guarantee, heldBackLeftCount: 40 }), policy(2)];
    let viewerGuarantee = { holdsPass: false, packsLeft: 0 };
    dropApi(() =>
      drop({
        salePolicies: rounds,
        viewer: { isWhitelisted: null, passGuarantee: viewerGuarantee, remaining: 2, purchasedCount: 0 },
      }),
    );
    const { unmount } = renderApp(dropUrl);
    expect(
      await screen.findByText(
        /Round 1 is open to everyone, and 40 packs of it are held for holders of Neon Season Pass until/,
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Get the pass' })).toHaveAttribute('href', `/pass/${passId}`);
    // Everyone may still buy what is not held back.
    expect(await screen.findByRole('button', { name: 'Buy packs' })).toBeEnabled();
    expect(screen.getByText(/40 packs held for holders of/)).toBeInTheDocument();
    unmount();

    viewerGuarantee = { holdsPass: true, packsLeft: 1 };
    const again = renderApp(dropUrl);
    expect(await screen.findByText(/Your Neon Season Pass guarantees you 1 pack in round 1 until/)).toBeInTheDocument();
    again.unmount();

    viewerGuarantee = { holdsPass: true, packsLeft: 0 };
    renderApp(dropUrl);
    expect(
      await screen.findByText('You have bought the 2 packs your Neon Season Pass guarantees you in round 1.', {
        exact: false,
      }),
    ).toBeInTheDocument();
  });

  // Hunt (session 74): with every pack left held back, someone without the pass read "You can buy up to 3 packs" and
  // a Buy button, and a holder with 2 of their share left read 3; the API then refused (PACKS_HELD_FOR_HOLDERS,
  // HOLDER_SHARE_EXCEEDED).
  it('says who can buy the packs held back for holders, and how many, until the hold ends', async () => {
    at('2026-11-22T18:30:00.000Z');
    startSession({ accessToken: 'a1', refreshToken: 'r1' });
    const guarantee = neonPassGuarantee;
    // 100 packs: 60 taken, and the 40 left are all still held back.
    const rounds = [
      policy(1, { whitelists: [], perPersonLimit: 3, passGuarantee: guarantee, soldCount: 60, heldBackLeftCount: 40 }),
      policy(2),
    ];
    let viewerGuarantee = { holdsPass: false, packsLeft: 0 };
    dropApi(() =>
      drop({
        salePolicies: rounds,
        viewer: { isWhitelisted: null, passGuarantee: viewerGuarantee, remaining: 3, purchasedCount: 0 },
      }),
    );
    const first = renderApp(dropUrl);
    expect(
      await screen.findByText(
        'Until the hold ends, the packs left in round 1 are for pass holders: any they leave then go on sale to everyone.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText(/You can buy up to/)).toBeNull();
    const buy = await screen.findByRole('button', { name: 'Buy packs' });
    expect(buy).toBeDisabled();
    expect(buy).toHaveAccessibleDescription(errorCatalogue.PACKS_HELD_FOR_HOLDERS.message);
    first.unmount();

    viewerGuarantee = { holdsPass: true, packsLeft: 2 };
    const second = renderApp(dropUrl);
    expect(await screen.findByText('You can buy up to 2 packs in round 1 while the hold lasts.')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Buy packs' })).toBeEnabled();
    second.unmount();

    // A holder who has bought their share is told so, not that the packs are for holders: they are one (review).
    viewerGuarantee = { holdsPass: true, packsLeft: 0 };
    renderApp(dropUrl);
    expect(
      await screen.findByText(
        'Until the hold ends, the other packs left in round 1 are for other holders: any they leave then go on sale to everyone.',
      ),
    ).toBeInTheDocument();
    const refused = await screen.findByRole('button', { name: 'Buy packs' });
    expect(refused).toBeDisabled();
    expect(refused).toHaveAccessibleDescription(errorCatalogue.HOLDER_SHARE_EXCEEDED.message);
  });

  it('shows the allowance left and the packs held', async () => {
    at('2026-11-22T18:30:00.000Z');
    startSession({ accessToken: 'a1', refreshToken: 'r1' });
    dropApi(() => drop({ viewer: { isWhitelisted: true, remaining: 1, purchasedCount: 1 } }));
    renderApp(dropUrl);
    expect(await screen.findByText('You are on the whitelist for round 1.')).toBeInTheDocument();
    expect(screen.getByText('You can buy 1 more pack in round 1.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'My packs' })).toHaveAttribute('href', '/drops?tab=packs');
  });

  // Session 71's drop-day hunt: packs only held for an unpaid card or Tilia order read "You hold 2 packs from this
  // drop", with My packs empty for them and the hold able to time out.
  it('tells packs held while the viewer pays from the packs they hold, with the way to the purchase', async () => {
    at('2026-11-22T18:30:00.000Z');
    startSession({ accessToken: 'a1', refreshToken: 'r1' });
    let viewer = { isWhitelisted: true, remaining: 0, purchasedCount: 2, heldCount: 2, heldOrderId: dropIds.order };
    dropApi(() => drop({ viewer }));
    const first = renderApp(dropUrl);
    const allowance = await screen.findByRole('group', { name: 'Your allowance' });
    expect(allowance).toHaveTextContent('2 packs held while you pay.');
    expect(within(allowance).getByRole('link', { name: 'See the purchase' })).toHaveAttribute(
      'href',
      `/purchase/${dropIds.order}/status`,
    );
    expect(allowance).not.toHaveTextContent(/You hold/);
    expect(within(allowance).queryByRole('link', { name: 'My packs' })).toBeNull();
    first.unmount();

    // One paid, one still held.
    viewer = { ...viewer, heldCount: 1 };
    renderApp(dropUrl);
    const both = await screen.findByRole('group', { name: 'Your allowance' });
    expect(both).toHaveTextContent('You hold 1 pack from this drop.');
    expect(both).toHaveTextContent('1 pack held while you pay.');
    expect(within(both).getByRole('link', { name: 'My packs' })).toHaveAttribute('href', '/drops?tab=packs');
  });

  it('words the allowance for someone who has bought nothing in the round yet', async () => {
    at('2026-11-22T18:30:00.000Z');
    startSession({ accessToken: 'a1', refreshToken: 'r1' });
    dropApi(() => drop({ viewer: { isWhitelisted: true, remaining: 2, purchasedCount: 0 } }));
    renderApp(dropUrl);
    expect(await screen.findByText('You can buy up to 2 packs in round 1.')).toBeInTheDocument();
    expect(screen.queryByText(/more pack/)).toBeNull();
  });

  it('never promises more packs than the round has left', async () => {
    at('2026-11-22T18:30:00.000Z');
    startSession({ accessToken: 'a1', refreshToken: 'r1' });
    const lastPack = [policy(1, { perPersonLimit: 5, soldCount: 99 }), policy(2)];
    dropApi(() => drop({ salePolicies: lastPack, viewer: { isWhitelisted: true, remaining: 5, purchasedCount: 0 } }));
    const first = renderApp(dropUrl);
    expect(await screen.findByText('You can buy up to 1 pack in round 1.')).toBeInTheDocument();
    first.unmount();

    dropApi(() => drop({ salePolicies: lastPack, viewer: { isWhitelisted: true, remaining: 4, purchasedCount: 1 } }));
    renderApp(dropUrl);
    expect(await screen.findByText('You can buy 1 more pack in round 1.')).toBeInTheDocument();
  });
});

describe('drop page: what it shows', () => {
  it('lists the rounds with USD and CYP prices, limits, windows and who may buy', async () => {
    at('2026-11-22T18:30:00.000Z');
    dropApi(() => drop());
    renderApp(dropUrl);
    const round1 = await screen.findByRole('listitem', { name: 'Round 1' });
    expect(within(round1).getByText(/\$12\.50/)).toBeInTheDocument();
    expect(within(round1).getByText(/1,250\.00 CYP/)).toBeInTheDocument();
    expect(within(round1).getByText('Up to 2 packs')).toBeInTheDocument();
    expect(within(round1).getByText('Whitelist only: Early fans (250 people)')).toBeInTheDocument();
    expect(within(round1).getByText('40 of 100 packs')).toBeInTheDocument();
    const round2 = screen.getByRole('listitem', { name: 'Round 2' });
    expect(within(round2).getByText('No limit')).toBeInTheDocument();
    expect(within(round2).getByText('Open to everyone')).toBeInTheDocument();
    expect(within(round2).getByText(/Starts in/)).toBeInTheDocument();
  });

  // Session 69's console hunt: a round of one pack read "0 of 1 packs".
  it('counts a round of one pack in the singular', async () => {
    at('2026-11-22T18:30:00.000Z');
    dropApi(() => drop({ salePolicies: [policy(1), policy(2, { endIssuedPackNumber: 101 })] }));
    renderApp(dropUrl);
    const round2 = await screen.findByRole('listitem', { name: 'Round 2' });
    expect(within(round2).getByText('0 of 1 pack')).toBeInTheDocument();
  });

  it('says the zone of a round’s window, as the reader’s own', async () => {
    at('2026-11-22T18:30:00.000Z');
    const shown = drop();
    dropApi(() => shown);
    renderApp(dropUrl);
    const round1 = await screen.findByRole('listitem', { name: 'Round 1' });
    const beginAt = shown.salePolicies[0]!.saleBeginAt;
    const begins = round1.querySelector(`time[datetime="${beginAt}"]`);
    expect(begins).toHaveTextContent(formatDateTimeWithZone(beginAt));
    // The zone's short name ("UTC", "EST", "GMT+9"), whichever zone the test runs in.
    expect(begins!.textContent).toMatch(/\d{1,2}:\d{2} [AP]M [A-Z]{2,5}(?:[+-]\d{1,2}(?::\d{2})?)?$/);
  });

  // Helper's note, session 52: a visitor has no balances to learn the CYP unit from, and saw a price in whole CYP
  // (CYP_MINOR_UNITS=0) as hundredths: "12.50 CYP" for 1,250.
  it('shows CYP prices in the unit the API counts them in, to visitors too', async () => {
    at('2026-11-22T18:30:00.000Z');
    appConfig.cypMinorUnits = 0;
    const wholeCyp = drop();
    wholeCyp.salePolicies[0]!.priceCyp = { amount: 1_250, currency: 'CYP' };
    dropApi(() => wholeCyp);
    renderApp(dropUrl);
    const round1 = await screen.findByRole('listitem', { name: 'Round 1' });
    expect(within(round1).getByText(/\(1,250 CYP\)/)).toBeInTheDocument();
  });

  // Console walk of session 46: a whitelisted round made a raffle said only "The raffle’s winners", though only
  // people on the list may enter.
  it('says a round’s whitelist beside its raffle, its pass or its guarantee', async () => {
    at('2026-11-22T18:30:00.000Z');
    const pass = { id: '0190a0b0-0000-7000-8000-00000000ba55', name: 'Neon Season Pass' };
    const earlyFans = policy(1).whitelists;
    dropApi(() =>
      drop({
        salePolicies: [
          policy(1, { isRaffle: true }),
          policy(2, {
            whitelists: earlyFans,
            passGuarantee: {
              pass,
              packsPerHolder: 1,
              packCount: 50,
              minutes: 60,
              endsAt: '2026-11-23T19:00:00.000Z',
            },
          }),
        ],
      }),
    );
    renderApp(dropUrl);
    const raffleRound = await screen.findByRole('listitem', { name: 'Round 1' });
    expect(within(raffleRound).getByText('The raffle’s winners')).toBeInTheDocument();
    expect(within(raffleRound).getByText('Whitelist').nextElementSibling).toHaveTextContent(
      'Only people on Early fans (250 people) may enter',
    );
    const guaranteed = screen.getByRole('listitem', { name: 'Round 2' });
    expect(within(guaranteed).getByText(/^Open to the whitelist; 50 packs held for holders of/)).toBeInTheDocument();
    expect(within(guaranteed).queryByText(/Open to everyone/)).toBeNull();
    expect(within(guaranteed).getByText('Whitelist').nextElementSibling).toHaveTextContent(
      'Only people on Early fans (250 people) may buy',
    );
  });

  it('says a pass round’s whitelist in a row of its own, and none for a round open to everyone', async () => {
    at('2026-11-22T18:30:00.000Z');
    const pass = { id: '0190a0b0-0000-7000-8000-00000000ba55', name: 'Neon Season Pass' };
    dropApi(() => drop({ salePolicies: [policy(1, { requiredPass: pass }), policy(2)] }));
    renderApp(dropUrl);
    const passRound = await screen.findByRole('listitem', { name: 'Round 1' });
    expect(within(passRound).getByText(/^Holders of/)).toHaveTextContent('Holders of Neon Season Pass only');
    expect(within(passRound).getByText('Whitelist').nextElementSibling).toHaveTextContent(
      'Only people on Early fans (250 people) may buy',
    );
    expect(within(screen.getByRole('listitem', { name: 'Round 2' })).queryByText('Whitelist')).toBeNull();
  });

  it('shows total and guaranteed editions, the contents with rarities, and the odds per rarity', async () => {
    at('2026-11-22T18:30:00.000Z');
    dropApi(() => drop());
    renderApp(dropUrl);
    expect(await screen.findByText('Total editions')).toBeInTheDocument();
    expect(screen.getByText('Total editions').nextElementSibling).toHaveTextContent('3,200');
    expect(screen.getByText('Guaranteed per pack').nextElementSibling).toHaveTextContent('3 editions');
    const products = screen.getByRole('list', { name: 'Products in this drop' });
    expect(within(products).getByText('2,900 editions in this drop · edition of 5,000')).toBeInTheDocument();
    const odds = screen.getByRole('table', { name: 'Odds per edition, by rarity' });
    const rows = within(odds)
      .getAllByRole('row')
      .slice(1)
      .map((row) => row.textContent);
    expect(rows).toEqual(['Legendary100.3%', 'Rare2909.1%', 'Common2,90090.6%']);
    expect(screen.getByText(drop().commitment!)).toBeInTheDocument();
  });

  it('says a drop is not found, with the way to the others', async () => {
    at('2026-11-22T18:30:00.000Z');
    dropApi(() => apiFailure(404, 'DROP_NOT_FOUND'));
    renderApp(dropUrl);
    expect(await screen.findByRole('heading', { level: 1, name: 'Drop not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse drops' })).toHaveAttribute('href', '/drops');
  });

  it('says a drop is not found when the address’s id is not an id at all (a cut link), with nothing to try again', async () => {
    at('2026-11-22T18:30:00.000Z');
    stubApi(() =>
      json(400, {
        code: 'INVALID_REQUEST',
        message: 'Some of the information sent is not valid. Please check and try again.',
        details: [{ field: 'id', message: 'Invalid UUID' }],
      }),
    );
    renderApp('/drops/nope');
    expect(await screen.findByRole('heading', { level: 1, name: 'Drop not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse drops' })).toHaveAttribute('href', '/drops');
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  });

  it('shows an error with a retry', async () => {
    at('2026-11-22T18:30:00.000Z');
    let isDown = true;
    dropApi(() => (isDown ? apiFailure(503, 'SERVICE_UNAVAILABLE') : drop()));
    renderApp(dropUrl);
    expect(await screen.findByRole('heading', { level: 1, name: 'We could not load this drop' })).toBeInTheDocument();
    isDown = false;
    screen.getByRole('button', { name: 'Try again' }).click();
    expect(await screen.findByRole('heading', { level: 1, name: 'Neon Genesis' })).toBeInTheDocument();
  });

  it('keeps the drop on screen when its read at the opening fails (the busiest second of a drop)', async () => {
    at('2026-11-22T17:59:58.000Z');
    let isDown = false;
    const api = dropApi(() => (isDown ? apiFailure(503, 'SERVICE_UNAVAILABLE') : drop({ status: 'NEXT' })));
    renderApp(dropUrl);
    expect(await screen.findByRole('heading', { level: 1, name: 'Neon Genesis' })).toBeInTheDocument();
    const readsBefore = api.reads();
    isDown = true;

    await vi.advanceTimersByTimeAsync(2_500 + BOUNDARY_READ_SPREAD_MS);
    await waitFor(() => expect(api.reads()).toBeGreaterThan(readsBefore));
    await waitFor(() => expect(statusPanel()).toHaveTextContent('Round 1 on sale'));
    expect(screen.getByRole('heading', { level: 1, name: 'Neon Genesis' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'We could not load this drop' })).toBeNull();
  });
});
