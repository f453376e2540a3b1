import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { rarityLabel, type TEdition, type TFigureBaseDetail } from '@cypher/contract';
import { startSession } from '../../lib/session.ts';
import { apiFailure, deferred, json, myUser, stubApi } from '../../test/fake-api.ts';
import { renderApp } from '../../test/render-app.tsx';

const brand = {
  id: '0190a0b0-0000-7000-8000-00000000b001',
  slug: 'neon',
  name: 'Neon Arcade',
  type: 'GAMING',
  logoUrl: null,
} as const;
const collectionId = '0190a0b0-0000-7000-8000-00000000c001';
const baseId = '0190a0b0-0000-7000-8000-00000000ba01';
const slot = (n: number, name: string, rarity: 'LEGENDARY' | null = null) => ({
  id: `0190a0b0-0000-7000-8000-00000000s00${n}`.replace('s', 'a'),
  name,
  productId: null,
  rarity,
  product: null,
});
const slots = [slot(1, 'Left'), slot(2, 'Centre', 'LEGENDARY')];

function edition(n: number, name: string, state: TEdition['state'], rarity: 'COMMON' | 'LEGENDARY'): TEdition {
  return {
    id: `0190a0b0-0000-7000-8000-00000000e00${n}`,
    serialNumber: n * 7,
    editionSize: 100,
    state,
    isLocked: state === 'EQUIPPED',
    type: 'STANDARD',
    resourceUri: null,
    imageUrl: '/uploads/p-t.webp',
    product: {
      id: `0190a0b0-0000-7000-8000-00000000f00${n}`,
      name,
      rarity,
      imageUrl: '/uploads/p.webp',
      imageThumbnailUrl: '/uploads/p-t.webp',
      animationUrl: null,
    },
    brand,
    collection: { id: collectionId, name: 'Genesis' },
    contractAddress: '0x3f2a9c4e5b6d7e8f90a1b2c3d4e5f60718293a4b',
    tokenId: String(n),
    owner: { id: '0190a0b0-0000-7000-8000-000000000001', nickname: 'Ada' },
    createdAt: '2026-11-20T10:00:00.000Z',
  };
}
const dragon = edition(1, 'Dragon', 'EQUIPPED', 'LEGENDARY');
const squire = edition(2, 'Squire', 'OWNED', 'COMMON');

function detail(changes: Partial<TFigureBaseDetail> = {}): TFigureBaseDetail {
  return {
    id: baseId,
    name: 'Knights shelf',
    description: 'Where the Genesis heroes stand.',
    imageUrl: null,
    brand,
    collection: { id: collectionId, name: 'Genesis' },
    slots,
    equippedCount: 1,
    filledSlotIds: [slots[1]!.id],
    createdAt: '2026-11-01T00:00:00.000Z',
    updatedAt: '2026-11-01T00:00:00.000Z',
    placements: [{ slotId: slots[1]!.id, edition: dragon }],
    candidates: [{ edition: squire, slotIds: [slots[0]!.id, slots[1]!.id] }],
    ...changes,
  };
}

function api(
  signedIn: boolean,
  answer: () => Response = () => json(200, { data: detail() }),
  answerEquip?: () => Response | Promise<Response>,
) {
  if (signedIn) startSession({ accessToken: 'a1', refreshToken: 'r1' });
  return stubApi((request) => {
    const path = request.path.split('?')[0];
    if (path === '/v1/users/my') return json(200, { data: myUser({ nickname: 'Ada' }) });
    if (path === '/v1/notifications') return json(200, { data: { items: [], nextCursor: null, unreadCount: 0 } });
    if (path === `/v1/figure-base-collections/${baseId}`) return answer();
    if (path === `/v1/figure-base-collections/${baseId}/equip`) {
      if (answerEquip) return answerEquip();
      return json(200, {
        data: detail({
          equippedCount: 2,
          filledSlotIds: [slots[1]!.id, slots[0]!.id],
          placements: [...detail().placements, { slotId: slots[0]!.id, edition: { ...squire, state: 'EQUIPPED' } }],
          candidates: [],
        }),
      });
    }
    if (path === `/v1/figure-base-collections/${baseId}/unequip`) {
      return json(200, { data: detail({ equippedCount: 0, filledSlotIds: [], placements: [] }) });
    }
    return apiFailure(404, 'NOT_FOUND');
  });
}

const page = `/collections/${collectionId}/figure_base/${baseId}/editions`;

describe('a figure base', () => {
  it('shows each slot with what it takes and what stands in it, and places a fitting edition', async () => {
    const sent = api(true);
    renderApp(page);
    expect(await screen.findByRole('heading', { level: 1, name: 'Knights shelf' })).toBeInTheDocument();
    expect(screen.getByText('1 of 2 slots filled')).toBeInTheDocument();
    const centre = screen.getByRole('listitem', { name: 'Centre' });
    expect(within(centre).getByText('Legendary only')).toBeInTheDocument();
    expect(within(centre).getByRole('link', { name: /Dragon/ })).toHaveAttribute('href', `/nfts/${dragon.id}`);
    expect(within(centre).getByRole('button', { name: 'Take off' })).toBeInTheDocument();
    const left = screen.getByRole('listitem', { name: 'Left' });
    expect(within(left).getByText('Any Genesis collectible')).toBeInTheDocument();
    expect(within(left).getByText('1 of yours fits here.')).toBeInTheDocument();
    // The free slot first; the one the dragon stands in is said to be taken.
    expect(screen.getByRole('list', { name: 'Your editions that fit' })).toHaveTextContent(
      'Fits Left (Centre is taken)',
    );

    await userEvent.click(within(left).getByRole('button', { name: 'Place a collectible' }));
    const dialog = await screen.findByRole('dialog', { name: 'Place in Left' });
    const squireChoice = within(dialog).getByRole('button', { name: /Squire #14/ });
    // Its rarity once, on its badge.
    expect(within(squireChoice).getAllByText(rarityLabel(squire.product.rarity))).toHaveLength(1);
    await userEvent.click(squireChoice);
    expect(await screen.findByText('Squire stands in Left')).toBeInTheDocument();
    const equip = sent.find((request) => request.path.endsWith('/equip'));
    expect(equip).toMatchObject({ method: 'POST', body: { editionId: squire.id, slotId: slots[0]!.id } });
  });

  it('sends one placement for a double tap, and reports the one that placed it', async () => {
    const sent = api(true);
    renderApp(page);
    const left = await screen.findByRole('listitem', { name: 'Left' });
    await userEvent.click(within(left).getByRole('button', { name: 'Place a collectible' }));
    const dialog = await screen.findByRole('dialog', { name: 'Place in Left' });
    // Two taps in one go, before anything renders between them (as a phone's double tap can land).
    const choice = within(dialog).getByRole('button', { name: /Squire #14/ });
    fireEvent.click(choice);
    fireEvent.click(choice);
    expect(await screen.findByText('Squire stands in Left')).toBeInTheDocument();
    expect(sent.filter((request) => request.path.endsWith('/equip'))).toHaveLength(1);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Place in Left' })).toBeNull());
  });

  it('says why a placement was refused inside the dialog, which stays open, and forgets it when closed', async () => {
    api(true, undefined, () =>
      apiFailure(409, 'EDITION_EQUIPPED', 'This collectible stands on a figure base: take it off first.'),
    );
    renderApp(page);
    const left = await screen.findByRole('listitem', { name: 'Left' });
    await userEvent.click(within(left).getByRole('button', { name: 'Place a collectible' }));
    const dialog = await screen.findByRole('dialog', { name: 'Place in Left' });
    await userEvent.click(within(dialog).getByRole('button', { name: /Squire #14/ }));
    expect(
      await within(dialog).findByText('This collectible stands on a figure base: take it off first.'),
    ).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    await userEvent.click(within(left).getByRole('button', { name: 'Place a collectible' }));
    const again = await screen.findByRole('dialog', { name: 'Place in Left' });
    expect(within(again).queryByText(/take it off first/)).toBeNull();
  });

  it('keeps the dialog open while a placement is on its way, then confirms it, and the buttons work after', async () => {
    const held = deferred<Response>();
    const sent = api(true, undefined, () => held.promise);
    renderApp(page);
    const left = await screen.findByRole('listitem', { name: 'Left' });
    await userEvent.click(within(left).getByRole('button', { name: 'Place a collectible' }));
    const dialog = await screen.findByRole('dialog', { name: 'Place in Left' });
    await userEvent.click(within(dialog).getByRole('button', { name: /Squire #14/ }));
    // Closed while the answer is held: the placement is not cut off from the page (its confirmation would be lost).
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.getByRole('dialog', { name: 'Place in Left' })).toBeInTheDocument();
    held.resolve(
      json(200, {
        data: detail({
          equippedCount: 2,
          filledSlotIds: [slots[1]!.id, slots[0]!.id],
          placements: [...detail().placements, { slotId: slots[0]!.id, edition: { ...squire, state: 'EQUIPPED' } }],
          candidates: [],
        }),
      }),
    );
    expect(await screen.findByText('Squire stands in Left')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Place in Left' })).toBeNull());
    const centre = screen.getByRole('listitem', { name: 'Centre' });
    await userEvent.click(within(centre).getByRole('button', { name: 'Take off' }));
    expect(await screen.findByText('Dragon is back in your collection')).toBeInTheDocument();
    expect(sent.filter((request) => request.path.endsWith('/unequip'))).toHaveLength(1);
  });

  it('moves an address naming another collection to the base’s own', async () => {
    api(true);
    const { router } = renderApp(`/collections/00000000-0000-7000-8000-00000000beef/figure_base/${baseId}/editions`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Knights shelf' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(page);
  });

  it('takes an edition off in one click', async () => {
    const sent = api(true);
    renderApp(page);
    const centre = await screen.findByRole('listitem', { name: 'Centre' });
    await userEvent.click(within(centre).getByRole('button', { name: 'Take off' }));
    expect(await screen.findByText('Dragon is back in your collection')).toBeInTheDocument();
    expect(sent.find((request) => request.path.endsWith('/unequip'))?.body).toEqual({ editionId: dragon.id });
  });

  it('shows a visitor the slots and asks them to sign in, without buttons', async () => {
    api(false, () =>
      json(200, { data: detail({ equippedCount: 0, filledSlotIds: [], placements: [], candidates: [] }) }),
    );
    renderApp(page);
    expect(await screen.findByRole('listitem', { name: 'Left' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Place a collectible' })).toBeNull();
    expect(
      within(screen.getByRole('region', { name: 'Yours that fit' })).getByRole('link', { name: 'Sign in' }),
    ).toHaveAttribute('href', `/signin?redirectTo=${encodeURIComponent(page)}`);
  });

  // Review: a slot asking for a draft product showed its name; the API now leaves the product out, and the slot must not
  // then read as taking anything from the collection.
  it('says a slot asking for a product not yet public takes one yet to be announced, not any collectible', async () => {
    const unannounced = { ...slot(3, 'Right'), productId: '0190a0b0-0000-7000-8000-00000000f009' };
    api(false, () =>
      json(200, {
        data: detail({
          slots: [...slots, unannounced],
          equippedCount: 0,
          filledSlotIds: [],
          placements: [],
          candidates: [],
        }),
      }),
    );
    renderApp(page);
    const right = await screen.findByRole('listitem', { name: 'Right' });
    expect(within(right).getByText('A collectible yet to be announced')).toBeInTheDocument();
    expect(within(right).queryByText('Any Genesis collectible')).toBeNull();
  });

  it('says a base that is not on show is not found', async () => {
    api(false, () => apiFailure(404, 'FIGURE_BASE_NOT_FOUND'));
    renderApp(page);
    expect(await screen.findByRole('heading', { name: 'Figure base not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the collection' })).toHaveAttribute(
      'href',
      `/collections/${collectionId}`,
    );
  });
});
