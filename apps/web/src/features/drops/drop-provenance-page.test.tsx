import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { provenanceCommitment, type TDropProvenance, type TPack } from '@cypher/contract';
import { startSession } from '../../lib/session.ts';
import { drop, dropIds, pack, packItem, revealedProvenance } from '../../test/drops-fixtures.ts';
import { apiFailure, json, myUser, stubApi } from '../../test/fake-api.ts';
import { renderApp } from '../../test/render-app.tsx';

const provenanceUrl = `/drops/${dropIds.drop}/provenance`;

function provenanceApi(provenance: TDropProvenance, myPacks: TPack[] = []) {
  stubApi((request) => {
    if (request.path === `/v1/drops/${dropIds.drop}`) return json(200, { data: drop({ status: 'COMPLETED' }) });
    if (request.path === `/v1/drops/${dropIds.drop}/provenance`) return json(200, { data: provenance });
    if (request.path === '/v1/users/my') return json(200, { data: myUser({ nickname: 'Ada' }) });
    if (request.path === '/v1/packs') return json(200, { data: { groups: [{ rarity: null, packs: myPacks }] } });
    return apiFailure(404, 'NOT_FOUND');
  });
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
    expect(screen.getByText(revealedProvenance().commitment)).toBeInTheDocument();
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
});
