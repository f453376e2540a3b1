import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { drawRaffleWinners, raffleCommitment, type TRaffleDraw } from '@cypher/contract';
import { formatDateTimeWithZone } from '../../lib/format.ts';
import { apiFailure, json, stubApi } from '../../test/fake-api.ts';
import { renderApp } from '../../test/render-app.tsx';

const dropId = '0190a0b0-0000-7000-8000-00000000d001';
const roundId = '0190a0b0-0000-7000-8000-0000000000a1';
const raffleUrl = `/drops/${dropId}/raffle/${roundId}`;
const SEED = '5e'.repeat(32);
const OTHER_SEED = '07'.repeat(32);

// Opaque handles, published sorted.
const entries = Array.from(
  { length: 40 },
  (_, index) => `h${String(index).padStart(3, '0')}-${(index * 7919) % 997}`,
).sort();
const winners = drawRaffleWinners({ seedHex: SEED, entries, places: 10 });
const secondWinners = drawRaffleWinners({ seedHex: SEED, entries, places: 3, excluded: winners });
const loser = drawRaffleWinners({ seedHex: SEED, entries, places: 40 }).at(-1)!;

/** A round drawn by the contract's own library, as the API will answer it; `changes` tamper with it. */
function drawnRaffle(changes: Partial<TRaffleDraw> = {}): TRaffleDraw {
  return {
    roundId,
    dropId,
    round: 2,
    algorithm: 'sha256-rank-v1',
    commitment: raffleCommitment(SEED),
    seedHex: SEED,
    registrationOpensAt: '2026-11-20T18:00:00.000Z',
    registrationClosesAt: '2026-11-21T18:00:00.000Z',
    drawnAt: '2026-11-21T18:00:02.000Z',
    places: 10,
    entriesCount: entries.length,
    entries,
    winners,
    secondDraw: null,
    ...changes,
  };
}

const withSecondDraw = (changes: Partial<TRaffleDraw> = {}) =>
  drawnRaffle({
    secondDraw: {
      drawnAt: '2026-11-22T18:00:01.000Z',
      places: 3,
      excluded: [...winners].sort(),
      winners: secondWinners,
    },
    ...changes,
  });

/** The same round before its draw: the commitment and the count so far. */
const undrawnRaffle = () =>
  drawnRaffle({ seedHex: null, drawnAt: null, entries: null, winners: null, entriesCount: 17 });

function raffleApi(answer: () => Response) {
  return stubApi((request) => (request.path === `/v1/raffles/${roundId}` ? answer() : apiFailure(404, 'NOT_FOUND')));
}

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  vi.setSystemTime(new Date('2026-11-23T00:00:00.000Z'));
});
afterEach(() => vi.useRealTimers());

describe('raffle draw page', () => {
  it('shows the commitment, the revealed seed, the entries count and the winners in draw order', async () => {
    const sent = raffleApi(() => json(200, { data: drawnRaffle() }));
    renderApp(raffleUrl);
    expect(await screen.findByRole('heading', { level: 1, name: 'Round 2 raffle draw' })).toBeInTheDocument();
    expect(screen.getByText('Commitment').nextElementSibling).toHaveTextContent(raffleCommitment(SEED));
    expect(screen.getByText('Revealed seed').nextElementSibling).toHaveTextContent(SEED);
    const draw = screen.getByRole('region', { name: 'The draw' });
    expect(within(draw).getByText('Entries').nextElementSibling).toHaveTextContent('40 entries for 10 places');
    // The winners are titled where everyone reads it (under "Entries" alone, they read as the entries).
    expect(within(draw).getByRole('heading', { level: 3, name: 'Winners' })).toBeVisible();
    const listed = within(within(draw).getByRole('list', { name: 'Winners' })).getAllByRole('listitem');
    expect(listed.map((item) => item.textContent)).toEqual(winners.map((winner, index) => `${index + 1}.${winner}`));
    expect(screen.getByRole('link', { name: 'Back to the drop' })).toHaveAttribute('href', `/drops/${dropId}`);
    expect(sent.map((request) => request.path)).toContain(`/v1/raffles/${roundId}`);
    // Nothing is recomputed until asked.
    expect(screen.queryByText('The draw checks out')).toBeNull();
  });

  // Session 35's note: a round of one drop showed under any drop's address, with that drop's Back link.
  it('says not found for a round of another drop, and leads back to the drop in the address', async () => {
    const otherDropId = '0190a0b0-0000-7000-8000-00000000d002';
    raffleApi(() => json(200, { data: drawnRaffle({ dropId: otherDropId }) }));
    renderApp(raffleUrl);
    expect(await screen.findByRole('heading', { level: 1, name: 'Raffle draw not found' })).toBeInTheDocument();
    expect(screen.queryByText('Commitment')).toBeNull();
    expect(screen.getByRole('link', { name: 'Back to the drop' })).toHaveAttribute('href', `/drops/${dropId}`);
  });

  // Review: "the 1 winner of the draw are exactly the entries it ranks first".
  it('says a draw of one winner checks out in the singular', async () => {
    const [onlyWinner] = drawRaffleWinners({ seedHex: SEED, entries, places: 1 });
    const [nextWinner] = drawRaffleWinners({ seedHex: SEED, entries, places: 1, excluded: [onlyWinner!] });
    raffleApi(() =>
      json(200, {
        data: drawnRaffle({
          places: 1,
          winners: [onlyWinner!],
          secondDraw: {
            drawnAt: '2026-11-22T18:00:01.000Z',
            places: 1,
            excluded: [onlyWinner!],
            winners: [nextWinner!],
          },
        }),
      }),
    );
    renderApp(raffleUrl);
    fireEvent.click(await screen.findByRole('button', { name: 'Recompute the winners' }));
    expect(await screen.findByText('The draw checks out')).toBeInTheDocument();
    expect(screen.getByText(/its handle; the lowest score wins\./)).toBeInTheDocument();
    expect(
      screen.getByText(
        'The seed hashes to the commitment published when registration opened, and the winner of the draw is exactly the entry it ranks first.',
      ),
    ).toBeInTheDocument();
    expect(
      screen.getByText(
        "The winner of the second draw is the next entry in the same order, after the first draw's winner.",
      ),
    ).toBeInTheDocument();
  });

  it('recomputes both draws in the browser and says they check out', async () => {
    raffleApi(() => json(200, { data: withSecondDraw() }));
    renderApp(raffleUrl);
    expect(await screen.findByRole('list', { name: 'Winners of the second draw' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Recompute the winners' }));
    expect(await screen.findByText('The draw checks out')).toBeInTheDocument();
    expect(
      screen.getByText(
        'The seed hashes to the commitment published when registration opened, and the 10 winners of the draw are exactly the entries it ranks first.',
      ),
    ).toBeInTheDocument();
    expect(
      screen.getByText(
        "The 3 winners of the second draw are the next entries in the same order, after the first draw's winners.",
      ),
    ).toBeInTheDocument();
  });

  it('says which winner was not drawn when the published list was changed', async () => {
    raffleApi(() => json(200, { data: drawnRaffle({ winners: [...winners.slice(0, 9), loser] }) }));
    renderApp(raffleUrl);
    fireEvent.click(await screen.findByRole('button', { name: 'Recompute the winners' }));
    expect(await screen.findByText('The draw does not check out')).toBeInTheDocument();
    expect(
      screen.getByText(
        `The winners are not the ones the seed draws from these entries: "${loser}" listed as winning but not drawn; "${winners[9]}" drawn but not listed.`,
      ),
    ).toBeInTheDocument();
  });

  it('fails a revealed seed that is not the committed one, even when the winners follow from it', async () => {
    raffleApi(() =>
      json(200, {
        data: drawnRaffle({
          seedHex: OTHER_SEED,
          winners: drawRaffleWinners({ seedHex: OTHER_SEED, entries, places: 10 }),
        }),
      }),
    );
    renderApp(raffleUrl);
    fireEvent.click(await screen.findByRole('button', { name: 'Recompute the winners' }));
    expect(await screen.findByText('The draw does not check out')).toBeInTheDocument();
    expect(screen.getByText(/^The revealed seed does not hash to the commitment/)).toBeInTheDocument();
  });

  it("fails a second draw that gives a first winner's place back to them", async () => {
    const second = withSecondDraw().secondDraw!;
    raffleApi(() =>
      json(200, {
        data: withSecondDraw({ secondDraw: { ...second, winners: [...second.winners.slice(1), winners[0]!] } }),
      }),
    );
    renderApp(raffleUrl);
    fireEvent.click(await screen.findByRole('button', { name: 'Recompute the winners' }));
    const verdict = await screen.findByRole('alert');
    expect(verdict).toHaveTextContent('The draw does not check out');
    expect(verdict).toHaveTextContent(/The seed hashes to the commitment/);
    expect(verdict).toHaveTextContent(`"${winners[0]}" listed as winning but not drawn`);
  });

  it('finds a pasted handle among the winners, the second draw, the entries or nowhere', async () => {
    raffleApi(() => json(200, { data: withSecondDraw() }));
    renderApp(raffleUrl);
    const field = await screen.findByLabelText("An entry's handle");
    fireEvent.change(field, { target: { value: `  ${winners[4]} ` } });
    expect(await screen.findByText('Won a place in the draw.')).toBeInTheDocument();
    fireEvent.change(field, { target: { value: secondWinners[0] } });
    expect(
      await screen.findByText('Won a place in the second draw, for the places not bought in time.'),
    ).toBeInTheDocument();
    fireEvent.change(field, { target: { value: loser } });
    expect(await screen.findByText('Entered, not drawn in either draw.')).toBeInTheDocument();
    fireEvent.change(field, { target: { value: 'h999-0' } });
    expect(await screen.findByText(/^Not among the entries/)).toBeInTheDocument();
  });

  it('tells an entrant who did not win that a second draw may still come', async () => {
    raffleApi(() => json(200, { data: drawnRaffle() }));
    renderApp(raffleUrl);
    fireEvent.change(await screen.findByLabelText("An entry's handle"), { target: { value: loser } });
    expect(
      await screen.findByText(/^Entered, not drawn\. Places winners do not buy in time go to a second draw/),
    ).toBeInTheDocument();
  });

  it('while registration is open, shows the commitment and the count so far and says the draw is not held yet', async () => {
    vi.setSystemTime(new Date('2026-11-21T06:00:00.000Z'));
    raffleApi(() => json(200, { data: undrawnRaffle() }));
    renderApp(raffleUrl);
    expect(await screen.findByText('The draw has not been held yet')).toBeInTheDocument();
    expect(screen.getByText(/^Registration closes in/)).toBeInTheDocument();
    expect(screen.getByRole('timer').textContent).toMatch(/^1[12]h \d\dm \d\ds$/);
    expect(screen.getByText('Commitment').nextElementSibling).toHaveTextContent(raffleCommitment(SEED));
    expect(screen.getByText('Entries').nextElementSibling).toHaveTextContent('17 so far');
    expect(screen.queryByRole('button', { name: 'Recompute the winners' })).toBeNull();
    expect(screen.queryByLabelText("An entry's handle")).toBeNull();
  });

  it('before registration opens, counts down to the opening', async () => {
    vi.setSystemTime(new Date('2026-11-20T17:00:00.000Z'));
    raffleApi(() => json(200, { data: undrawnRaffle() }));
    renderApp(raffleUrl);
    expect(await screen.findByText(/^Registration opens in/)).toBeInTheDocument();
    expect(screen.getByRole('timer').textContent).toMatch(/^(1h 00m 00s|59m 5\ds)$/);
  });

  it('after the close, says the entries are frozen and the draw is on its way', async () => {
    raffleApi(() => json(200, { data: undrawnRaffle() }));
    renderApp(raffleUrl);
    expect(await screen.findByText('The draw has not been held yet')).toBeInTheDocument();
    expect(
      screen.getByText(
        `Registration closed on ${formatDateTimeWithZone('2026-11-21T18:00:00.000Z')} and the entries are frozen.`,
        { exact: false },
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('timer')).toBeNull();
  });

  it('says a round that is not there is not found, with the way back to the drop', async () => {
    raffleApi(() => apiFailure(404, 'NOT_FOUND'));
    renderApp(raffleUrl);
    expect(await screen.findByRole('heading', { level: 1, name: 'Raffle draw not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the drop' })).toHaveAttribute('href', `/drops/${dropId}`);
  });

  it('offers to try again when the record fails to load, and shows it once it does', async () => {
    let isDown = true;
    raffleApi(() => (isDown ? apiFailure(500, 'INTERNAL_ERROR') : json(200, { data: drawnRaffle() })));
    renderApp(raffleUrl);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'We could not load this raffle draw' }),
    ).toBeInTheDocument();
    isDown = false;
    fireEvent.click(screen.getByRole('button', { name: /try again/i }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Round 2 raffle draw' })).toBeInTheDocument();
  });
});
