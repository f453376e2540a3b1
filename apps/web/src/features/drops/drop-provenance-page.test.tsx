import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  provenanceCommitment,
  type TClaimLog,
  type TClaimLogEntry,
  type TDropProvenance,
  type TOrder,
  type TPack,
} from '@cypher/contract';
import { formatDateTimeWithZone } from '../../lib/format.ts';
import { startSession } from '../../lib/session.ts';
import {
  claimLog,
  claimLogEntries,
  drop,
  dropIds,
  order,
  pack,
  packItem,
  revealedProvenance,
} from '../../test/drops-fixtures.ts';
import { apiFailure, json, myUser, stubApi } from '../../test/fake-api.ts';
import { renderApp } from '../../test/render-app.tsx';

const provenanceUrl = `/drops/${dropIds.drop}/provenance`;

interface ClaimLogApi {
  /** The claim log's pages, each answered to the `after` it starts from. */
  claimLogPages?: TClaimLog[];
  orders?: TOrder[];
}

function provenanceApi(
  provenance: TDropProvenance,
  myPacks: TPack[] = [],
  { claimLogPages, orders }: ClaimLogApi = {},
) {
  return stubApi((request) => {
    const [path = '', search = ''] = request.path.split('?');
    if (path === `/v1/drops/${dropIds.drop}`) return json(200, { data: drop({ status: 'COMPLETED' }) });
    if (path === `/v1/drops/${dropIds.drop}/provenance`) return json(200, { data: provenance });
    if (path === `/v1/drops/${dropIds.drop}/claim-log` && claimLogPages) {
      const after = Number(new URLSearchParams(search).get('after'));
      const page = claimLogPages.find((candidate) => (candidate.entries?.[0]?.position ?? 1) - 1 === after);
      return page ? json(200, { data: page }) : apiFailure(404, 'NOT_FOUND');
    }
    if (path === '/v1/users/my') return json(200, { data: myUser({ nickname: 'Ada' }) });
    if (path === '/v1/packs') return json(200, { data: { groups: [{ rarity: null, packs: myPacks }] } });
    if (path === '/v1/orders' && orders) {
      return json(200, { data: { items: orders, page: 1, size: 100, total: orders.length } });
    }
    return apiFailure(404, 'NOT_FOUND');
  });
}

/** The fixture's revealed drop, its claim log in one page, and the API answering both. */
function revealedWithLog(entries: TClaimLogEntry[], myPacks: TPack[] = [], orders?: TOrder[]) {
  const provenance = revealedProvenance();
  const last = entries.at(-1)!;
  return provenanceApi({ ...provenance, claimLogHead: { length: last.position, chainHash: last.chainHash } }, myPacks, {
    claimLogPages: [claimLog(provenance.commitment, entries)],
    orders,
  });
}

const otherOrderId = '0190a0b0-0000-7000-8000-00000000e002';
/** Another buyer (the signed-in one is fake-api's `myUser()`). */
const strangerId = '0190a0b0-0000-7000-8000-000000000002';

/** A sealed pack of mine from `orderId`. */
function myPack(number: number, orderId: string, id: string): TPack {
  return pack({ id, number, orderId });
}

/** A buyer's opened pack holding `items` of the revealed contents (product ids of the fixture's dragon and squire). */
function heldPack(number: number, items: Array<{ productId: string; serialNumber: number }>, id: string): TPack {
  return pack({
    id,
    number,
    isOpened: true,
    openedAt: '2026-11-25T00:00:00.000Z',
    rarity: 'LEGENDARY',
    items: items.map((item) => packItem(item.productId === dropIds.dragon ? 0 : 2, item.serialNumber)),
  });
}

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  vi.setSystemTime(new Date('2026-11-25T00:00:00.000Z'));
});
afterEach(() => vi.useRealTimers());

describe('provenance page', () => {
  it('before completion, explains that the seed comes when the drop ends and shows the commitment', async () => {
    vi.setSystemTime(new Date('2026-11-23T18:00:00.000Z'));
    provenanceApi({ ...revealedProvenance(), isRevealed: false, seed: null, packs: null });
    renderApp(provenanceUrl);
    expect(await screen.findByText('The seed is revealed when the drop ends')).toBeInTheDocument();
    expect(screen.getByRole('timer').textContent).toMatch(/^1d 00h 00m 00s|23h 59m 5\ds$/);
    expect(screen.getByText('Commitment').nextElementSibling).toHaveTextContent(revealedProvenance().commitment);
    expect(screen.queryByText('Checked in your browser')).toBeNull();
  });

  it('recomputes a revealed drop in the browser and says it matches', async () => {
    provenanceApi(revealedProvenance());
    renderApp(provenanceUrl);
    expect(await screen.findByText('This drop checks out')).toBeInTheDocument();
    expect(screen.getByText(/^The commitment matches/)).toBeInTheDocument();
    expect(screen.getByText(/^The contents follow from the seed/)).toBeInTheDocument();
    expect(screen.getByText('Hash computed here').nextElementSibling).toHaveTextContent(
      revealedProvenance().commitment,
    );
  });

  it('fails when one pack was changed after the commitment', async () => {
    const honest = revealedProvenance();
    const [first, second] = honest.packs!;
    const swapped = { ...first!, items: [...first!.items.slice(0, -1), second!.items.at(-1)!] };
    provenanceApi({
      ...honest,
      packs: [swapped, { ...second!, items: [...second!.items.slice(0, -1), first!.items.at(-1)!] }],
    });
    renderApp(provenanceUrl);
    expect(await screen.findByText('This drop does not check out')).toBeInTheDocument();
    expect(screen.getByText(/^The commitment does not match/)).toBeInTheDocument();
  });

  it('says the contents do not follow from the seed even when the hash was made over them', async () => {
    const honest = revealedProvenance();
    const [first, second] = honest.packs!;
    const handPicked = [
      { ...first!, items: [...first!.items.slice(0, -1), second!.items.at(-1)!] },
      { ...second!, items: [...second!.items.slice(0, -1), first!.items.at(-1)!] },
    ];
    provenanceApi({ ...honest, packs: handPicked, commitment: provenanceCommitment(honest.seed!, handPicked) });
    renderApp(provenanceUrl);
    expect(await screen.findByText('This drop does not check out')).toBeInTheDocument();
    expect(screen.getByText(/^The commitment matches/)).toBeInTheDocument();
    expect(screen.getByText(/^The contents do not follow from the seed/)).toBeInTheDocument();
  });

  it("checks a signed-in buyer's own packs against the revealed contents", async () => {
    startSession({ accessToken: 'a1', refreshToken: 'r1' });
    const provenance = revealedProvenance();
    const [first, second] = provenance.packs!;
    const otherItems = [...second!.items.slice(0, -1), first!.items[0]!];
    provenanceApi(provenance, [
      heldPack(1, first!.items, dropIds.pack1),
      heldPack(2, otherItems, dropIds.pack2),
      pack({ id: '0190a0b0-0000-7000-8000-00000000f003', number: 1 }),
    ]);
    renderApp(provenanceUrl);
    const mine = await screen.findByRole('list', { name: 'My packs of this drop' });
    const rows = within(mine).getAllByRole('listitem');
    expect(rows.map((row) => row.firstElementChild?.textContent)).toEqual([
      'Pack #1: Held exactly the committed editions',
      'Pack #1: Sealed: open it to compare its editions',
      'Pack #2: Differs from the committed editions',
    ]);
    expect(rows[0]).toHaveTextContent(/Committed: .*(Dragon of the Eighth Bit|Squire) #\d/);
  });

  it('invites visitors to sign in to check their packs', async () => {
    provenanceApi(revealedProvenance());
    renderApp(provenanceUrl);
    const yours = await screen.findByRole('region', { name: 'Your packs' });
    expect(within(yours).getByRole('link', { name: 'Sign in' })).toHaveAttribute(
      'href',
      `/signin?redirectTo=${encodeURIComponent(provenanceUrl)}`,
    );
  });

  it('while the drop sells, shows the claim log head sealed up to now for a buyer to note', async () => {
    vi.setSystemTime(new Date('2026-11-23T18:00:00.000Z'));
    const provenance = revealedProvenance();
    const entries = claimLogEntries(provenance.commitment, [
      { packNumber: 1, orderId: dropIds.order, buyerSalt: 'salt-1' },
      { packNumber: 2, orderId: otherOrderId, buyerSalt: 'salt-2' },
      { packNumber: 3, orderId: otherOrderId, buyerSalt: 'salt-2' },
    ]);
    const sent = provenanceApi(
      {
        ...provenance,
        isRevealed: false,
        seed: null,
        packs: null,
        // The sealing job's head, a minute behind the purchases.
        claimLogHead: { length: 2, chainHash: entries[1]!.chainHash },
      },
      [],
      { claimLogPages: [claimLog(provenance.commitment, entries, { isRevealed: false, entries: null })] },
    );
    renderApp(provenanceUrl);
    expect(await screen.findByText('3 claims logged')).toBeInTheDocument();
    expect(screen.getByText('3 claims logged').nextElementSibling).toHaveTextContent(entries[2]!.chainHash);
    expect(screen.getByText(/^Every pack a purchase claims is written to the drop's claim log/)).toBeInTheDocument();
    expect(screen.getByText('The seed is revealed when the drop ends')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Claim log, checked in your browser' })).toBeNull();
    expect(sent.map((request) => request.path)).toContain(`/v1/drops/${dropIds.drop}/claim-log?after=0&size=1`);
  });

  it('after the end but before the reveal, says the drop has ended and what the reveal waits for', async () => {
    vi.setSystemTime(new Date('2026-11-24T18:05:00.000Z'));
    const provenance = revealedProvenance();
    provenanceApi({ ...provenance, isRevealed: false, seed: null, packs: null }, [], {
      claimLogPages: [claimLog(provenance.commitment, null)],
    });
    renderApp(provenanceUrl);
    expect(await screen.findByText('The drop has ended')).toBeInTheDocument();
    expect(
      screen.getByText(/revealed once every payment still open for its packs is decided/, { selector: 'div' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('timer')).toBeNull();
    expect(screen.queryByText(/in a moment/)).toBeNull();
    expect(screen.getByText('0 claims logged')).toBeInTheDocument();
  });

  it('reads a revealed claim log page by page and checks its chain in the browser', async () => {
    const provenance = revealedProvenance();
    const entries = claimLogEntries(provenance.commitment, [
      { packNumber: 1, orderId: dropIds.order, buyerSalt: 'salt-1' },
      { packNumber: 2, orderId: otherOrderId, buyerSalt: 'salt-2' },
      { packNumber: 2, orderId: otherOrderId, buyerSalt: 'salt-2', kind: 'RELEASED' },
      { packNumber: 2, orderId: dropIds.order, buyerSalt: 'salt-1' },
    ]);
    const whole = claimLog(provenance.commitment, entries);
    const sent = provenanceApi({ ...provenance, claimLogHead: whole.head }, [], {
      claimLogPages: [
        { ...whole, entries: entries.slice(0, 2), nextAfter: 2 },
        { ...whole, entries: entries.slice(2), nextAfter: null },
      ],
    });
    renderApp(provenanceUrl);
    const section = await screen.findByRole('region', { name: 'Claim log, checked in your browser' });
    expect(await within(section).findByText('The claim log checks out')).toBeInTheDocument();
    expect(within(section).getByText(/^Every entry chains from the commitment/)).toBeInTheDocument();
    expect(within(section).getByText(/^The entries end at the published head/)).toBeInTheDocument();
    expect(within(section).getByText('Entries').nextElementSibling).toHaveTextContent('4 entries: 3 claims, 1 release');
    expect(within(section).getByText('Head').nextElementSibling).toHaveTextContent(entries[3]!.chainHash);
    // StrictMode mounts twice, and the first mount's read is cancelled: each page is asked for, in order.
    expect([...new Set(sent.map((request) => request.path).filter((path) => path.includes('/claim-log')))]).toEqual([
      `/v1/drops/${dropIds.drop}/claim-log?after=0&size=5000`,
      `/v1/drops/${dropIds.drop}/claim-log?after=2&size=5000`,
    ]);
  });

  it('reports a claim log entry changed after it was sealed', async () => {
    const provenance = revealedProvenance();
    const entries = claimLogEntries(provenance.commitment, [
      { packNumber: 1, orderId: dropIds.order, buyerSalt: 'salt-1' },
      { packNumber: 2, orderId: otherOrderId, buyerSalt: 'salt-2' },
      { packNumber: 3, orderId: otherOrderId, buyerSalt: 'salt-2' },
    ]);
    // Pack 2 handed to a different order, its hashes left as they were.
    const tampered = entries.map((entry) => (entry.position === 2 ? { ...entry, orderId: dropIds.order } : entry));
    revealedWithLog(tampered);
    renderApp(provenanceUrl);
    const section = await screen.findByRole('region', { name: 'Claim log, checked in your browser' });
    expect(await within(section).findByText('The claim log does not check out')).toBeInTheDocument();
    expect(within(section).getByText(/^The chain breaks at entry #2/)).toBeInTheDocument();
    expect(within(section).queryByLabelText('A head you noted during the sale')).toBeNull();
  });

  it('finds a head noted during the sale in the checked log, and says when one is not there', async () => {
    const provenance = revealedProvenance();
    const entries = claimLogEntries(provenance.commitment, [
      { packNumber: 1, orderId: dropIds.order, buyerSalt: 'salt-1' },
      { packNumber: 2, orderId: otherOrderId, buyerSalt: 'salt-2' },
    ]);
    revealedWithLog(entries);
    renderApp(provenanceUrl);
    const noted = await screen.findByLabelText('A head you noted during the sale');
    fireEvent.change(noted, { target: { value: entries[0]!.chainHash } });
    expect(await screen.findByText(/^In the log at position 1: the head once 1 entry was logged/)).toBeInTheDocument();
    fireEvent.change(noted, { target: { value: 'f'.repeat(64) } });
    expect(await screen.findByText(/^Not in this log/)).toBeInTheDocument();
  });

  it("says a signed-in buyer's claims are the packs they hold", async () => {
    startSession({ accessToken: 'a1', refreshToken: 'r1' });
    const provenance = revealedProvenance();
    const claimedAt = '2026-11-22T18:00:05.000Z';
    const entries = claimLogEntries(provenance.commitment, [
      { packNumber: 2, orderId: dropIds.order, buyerSalt: 'salt-1', at: claimedAt },
      { packNumber: 3, orderId: otherOrderId, buyerSalt: 'salt-of-someone-else', userId: strangerId },
      { packNumber: 1, orderId: dropIds.order, buyerSalt: 'salt-1', at: claimedAt },
    ]);
    revealedWithLog(
      entries,
      [myPack(1, dropIds.order, dropIds.pack1), myPack(2, dropIds.order, dropIds.pack2)],
      [
        order({ buyerSalt: 'salt-1', packIds: [dropIds.pack1, dropIds.pack2], quantity: 2 }),
        // Another drop's order, and one from before the log: neither is checked here.
        order({
          id: otherOrderId,
          buyerSalt: 'salt-2',
          drop: { ...order().drop!, id: '0190a0b0-0000-7000-8000-00000000d002' },
        }),
        order({ id: '0190a0b0-0000-7000-8000-00000000e003', buyerSalt: null }),
      ],
    );
    renderApp(provenanceUrl);
    const claims = await screen.findByRole('list', { name: 'My claims of this drop' });
    const rows = within(claims).getAllByRole('listitem');
    expect(rows.map((row) => row.firstElementChild?.textContent)).toEqual([
      `Order of ${formatDateTimeWithZone(order().createdAt)}: packs #1 and #2 claimed at ${formatDateTimeWithZone(claimedAt)}; they are the packs you hold.`,
    ]);
    expect(rows[0]).toHaveTextContent('2 packs · Balance · Successful');
    expect(within(rows[0]!).getByRole('img', { name: 'Matches' })).toBeInTheDocument();
    expect(within(rows[0]!).getByRole('link')).toHaveAttribute('href', `/purchase/${dropIds.order}`);
  });

  it("says which numbers differ when a buyer's pack was swapped for another", async () => {
    startSession({ accessToken: 'a1', refreshToken: 'r1' });
    const provenance = revealedProvenance();
    const entries = claimLogEntries(provenance.commitment, [
      { packNumber: 1, orderId: dropIds.order, buyerSalt: 'salt-1' },
      { packNumber: 2, orderId: dropIds.order, buyerSalt: 'salt-1' },
      { packNumber: 3, orderId: otherOrderId, buyerSalt: 'salt-of-someone-else', userId: strangerId },
    ]);
    // Pack 2 went to the other buyer and their pack 3 to this one, under this buyer's order.
    revealedWithLog(
      entries,
      [myPack(1, dropIds.order, dropIds.pack1), myPack(3, dropIds.order, dropIds.pack2)],
      [order({ buyerSalt: 'salt-1', packIds: [dropIds.pack1, dropIds.pack2], quantity: 2 })],
    );
    renderApp(provenanceUrl);
    const claims = await screen.findByRole('list', { name: 'My claims of this drop' });
    const [row] = within(claims).getAllByRole('listitem');
    expect(row).toHaveTextContent(
      `Order of ${formatDateTimeWithZone(order().createdAt)}: the log says packs #1 and #2, but you hold packs #1 and #3 from it.`,
    );
    expect(within(row!).getByRole('img', { name: 'Differs' })).toBeInTheDocument();
  });

  it('says so when a signed-in visitor has no orders of the drop', async () => {
    startSession({ accessToken: 'a1', refreshToken: 'r1' });
    const provenance = revealedProvenance();
    const entries = claimLogEntries(provenance.commitment, [
      { packNumber: 1, orderId: otherOrderId, buyerSalt: 'salt-2' },
    ]);
    revealedWithLog(entries, [], []);
    renderApp(provenanceUrl);
    const yours = await screen.findByRole('region', { name: 'Your claims' });
    expect(
      await within(yours).findByText('You have no orders of this drop, so the log holds no claims of yours.'),
    ).toBeInTheDocument();
  });

  it('invites visitors to sign in to check their claims', async () => {
    const provenance = revealedProvenance();
    revealedWithLog(claimLogEntries(provenance.commitment, [{ packNumber: 1, orderId: otherOrderId, buyerSalt: 's' }]));
    renderApp(provenanceUrl);
    const yours = await screen.findByRole('region', { name: 'Your claims' });
    expect(within(yours).getByRole('link', { name: 'Sign in' })).toHaveAttribute(
      'href',
      `/signin?redirectTo=${encodeURIComponent(provenanceUrl)}`,
    );
  });

  it('offers to try the claim log again when it fails to load', async () => {
    const provenance = revealedProvenance();
    provenanceApi(provenance, [], { claimLogPages: [] });
    renderApp(provenanceUrl);
    const section = await screen.findByRole('region', { name: 'Claim log, checked in your browser' });
    expect(await within(section).findByText('We could not load the claim log')).toBeInTheDocument();
    expect(within(section).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
