import { expect, type APIRequestContext } from '@playwright/test';
import { demoAdmin } from './sign-in.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The demo operator's Authorization header, signed in through the API. */
export async function operatorAuth(request: APIRequestContext): Promise<{ Authorization: string }> {
  const login = await request.post('/v1/users/authentications/login', { data: demoAdmin });
  expect(login.status()).toBe(200);
  const { data } = (await login.json()) as { data: { accessToken: string } };
  return { Authorization: `Bearer ${data.accessToken}` };
}

/**
 * A small published drop of the demo's Pixel Knight Squire (Neon Arcade), made through the console's API as an
 * operator would: visible now, one round of three one-edition packs at $5.00 (one each) opening at `opensAt` for a
 * day. `round` adds to the round (a required pass, say); `packs` changes how many packs and how many Squires each
 * holds; `giftPacks` sets that many more aside in a gift round (decision record 36). For the journeys that each need a
 * round of their own that opens while they watch.
 */
export async function scheduleSquireDrop(
  request: APIRequestContext,
  auth: { Authorization: string },
  drop: {
    name: string;
    description: string;
    opensAt: number;
    round?: Record<string, unknown>;
    packs?: { count: number; editionsPerPack: number };
    giftPacks?: number;
  },
): Promise<{ dropId: string; brandId: string }> {
  const packs = drop.packs ?? { count: 3, editionsPerPack: 1 };
  const giftPacks = drop.giftPacks ?? 0;
  const products = (await (await request.get('/v1/products?q=Pixel%20Knight%20Squire')).json()) as {
    data: { items: { id: string; name: string; imageUrl: string; brand: { id: string } }[] };
  };
  const squire = products.data.items.find((product) => product.name === 'Pixel Knight Squire')!;
  const iso = (ms: number) => new Date(ms).toISOString();
  const created = await request.post('/v1/console/drops', {
    headers: auth,
    data: {
      brandId: squire.brand.id,
      name: drop.name,
      description: drop.description,
      imageUrl: squire.imageUrl,
      visibleAt: iso(Date.now()),
      dropBeginAt: iso(drop.opensAt),
      dropEndAt: iso(drop.opensAt + 2 * DAY_MS),
      editionsPerPack: packs.editionsPerPack,
      contents: [{ productId: squire.id, editionCount: (packs.count + giftPacks) * packs.editionsPerPack }],
      rounds: [
        {
          round: 1,
          saleBeginAt: iso(drop.opensAt),
          saleEndAt: iso(drop.opensAt + DAY_MS),
          price: 500,
          perPersonLimit: 1,
          packCount: packs.count,
          whitelist: null,
          ...drop.round,
        },
      ],
      ...(giftPacks > 0 ? { giftRound: { packCount: giftPacks } } : {}),
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const dropId = ((await created.json()) as { data: { id: string } }).data.id;
  expect((await request.post(`/v1/console/drops/${dropId}/publish`, { headers: auth })).status()).toBe(200);
  return { dropId, brandId: squire.brand.id };
}
