import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorCatalogue } from '@cypher/contract';
import { MINUTE_MS } from '../../lib/clock.ts';
import { bearer } from '../../testing/auth-helpers.ts';
import { insertBrand, insertProduct } from '../../testing/catalog-fixtures.ts';
import { dropRequest } from '../../testing/console-drop-fixtures.ts';
import { freshAccessToken } from '../../testing/drop-fixtures.ts';
import { publishInConsole } from '../../testing/console-publication.ts';
import { signUpOperator } from '../../testing/operator-helpers.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { products } from '../catalog/catalog.tables.ts';

// Optimistic concurrency for the console's whole-entry edits (http/entry-version.ts): a PUT made from the version an
// operator loaded (If-Match: its updatedAt) is refused with ENTRY_CHANGED once someone else has saved it since.
// The clock stands still here, as it may between two saves in one millisecond: every save must still be a new version.
let t: TestApp;
let admin: { accessToken: string; userId: string };
let brandId: string;
let productIds: string[];
beforeAll(async () => {
  t = await createTestApp();
  admin = await signUpOperator(t, 'admin');
  brandId = (await insertBrand(t.database.db)).id;
  productIds = [];
  for (const rarity of ['COMMON', 'RARE', 'EPIC'] as const) {
    productIds.push((await insertProduct(t.database.db, brandId, { rarity })).id);
  }
  // Every drop here takes from the same products: no edition size runs out.
  await t.database.db.update(products).set({ editionSize: null }).where(inArray(products.id, productIds));
});
afterAll(() => t.close());

const iso = (minutes: number) => new Date(t.clock.now().getTime() + minutes * MINUTE_MS).toISOString();

interface TEditable {
  name: string;
  collection: string;
  /** A whole entry's request, named `name`; `entry` tells the entries of one test apart (calendars may not overlap). */
  request: (name: string, entry: number) => object;
}

const editables: TEditable[] = [
  {
    name: 'a draft drop',
    collection: '/v1/console/drops',
    request: (name) => dropRequest(brandId, productIds, t.clock.now(), { name }),
  },
  {
    name: 'a draft fusion',
    collection: '/v1/console/fusions',
    request: (name) => ({
      brandId,
      categoryId: null,
      name,
      description: 'Two commons make an epic.',
      imageUrl: '/uploads/fusion.webp',
      beginAt: iso(60),
      endAt: iso(24 * 60),
      resultProductId: productIds[2],
      resultSupply: 2,
      slots: [{ name: 'Commons', requiredCount: 2, rule: { kind: 'RARITY', rarity: 'COMMON' } }],
    }),
  },
  {
    name: 'a reward calendar',
    collection: '/v1/console/attendance-calendars',
    request: (name, entry) => ({
      name,
      startDate: `${2040 + entry}-01-01`,
      endDate: `${2040 + entry}-01-31`,
      dailyReward: { kind: 'CREDIT', amount: 100 },
    }),
  },
];

type TEntry = { id: string; name: string; updatedAt: string };

async function send(method: 'POST' | 'PUT' | 'GET', url: string, payload?: object, ifMatch?: string) {
  const headers = { ...bearer(admin.accessToken), ...(ifMatch === undefined ? {} : { 'if-match': ifMatch }) };
  const response = await t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
  return { status: response.statusCode, body: response.json() as { data: TEntry; code?: string; message?: string } };
}

let entries = 0;

describe.each(editables)('editing $name', ({ collection, request: requestOf }) => {
  let entry = 0;
  const request = (name: string) => requestOf(name, entry);
  async function created() {
    entry = ++entries;
    const made = await send('POST', collection, request('First name'));
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    return made.body.data;
  }

  it('saves an edit made from the version saved last, and refuses one made from an older version', async () => {
    const opened = await created();
    const url = `${collection}/${opened.id}`;
    const first = await send('PUT', url, request('Saved by one'), `"${opened.updatedAt}"`);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    // The clock has not moved, and the save is still a new version.
    expect(first.body.data.updatedAt).not.toBe(opened.updatedAt);

    const stale = await send('PUT', url, request('Saved by the other'), `"${opened.updatedAt}"`);
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({ code: 'ENTRY_CHANGED', message: errorCatalogue.ENTRY_CHANGED.message });
    // Nothing of the refused edit was written.
    expect((await send('GET', url)).body.data).toMatchObject({
      name: 'Saved by one',
      updatedAt: first.body.data.updatedAt,
    });

    // Made again from the version now saved (a weak tag names the same version), it is saved.
    const again = await send('PUT', url, request('Saved by the other'), `W/"${first.body.data.updatedAt}"`);
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(again.body.data.name).toBe('Saved by the other');
  });

  it('saves an edit that names no version, or any (`*`), as before: the last one wins', async () => {
    const opened = await created();
    const url = `${collection}/${opened.id}`;
    expect((await send('PUT', url, request('Without a version'))).status).toBe(200);
    expect((await send('PUT', url, request('Any version'), '*')).status).toBe(200);
    expect((await send('GET', url)).body.data.name).toBe('Any version');
  });

  it('answers a version that is not one with INVALID_REQUEST, naming the header', async () => {
    const opened = await created();
    for (const ifMatch of [opened.updatedAt, '"yesterday"', '"a", "b"', '""']) {
      const refused = await send('PUT', `${collection}/${opened.id}`, request('Never saved'), ifMatch);
      expect(refused.status, ifMatch).toBe(400);
      expect(refused.body).toMatchObject({ code: 'INVALID_REQUEST', details: [{ field: 'If-Match' }] });
    }
    expect((await send('GET', `${collection}/${opened.id}`)).body.data.name).toBe('First name');
  });

  it('lets exactly one of two saves made at once from the same version through', async () => {
    const opened = await created();
    const url = `${collection}/${opened.id}`;
    const saves = await Promise.all(
      ['One', 'Other'].map((name) => send('PUT', url, request(name), `"${opened.updatedAt}"`)),
    );
    expect(saves.map((save) => save.status).sort()).toEqual([200, 409]);
    const saved = saves.find((save) => save.status === 200)!.body.data;
    expect((await send('GET', url)).body.data).toMatchObject({ name: saved.name, updatedAt: saved.updatedAt });
  });
});

describe('editing a fusion once it is published', () => {
  const fusion = editables.find((editable) => editable.collection === '/v1/console/fusions')!;
  const request = (name: string) => fusion.request(name, 0);

  async function publishedFromDraft() {
    const draft = await send('POST', fusion.collection, request('Draft'));
    expect(draft.status, JSON.stringify(draft.body)).toBe(201);
    const published = await publishInConsole(t, admin.accessToken, 'fusions', draft.body.data.id);
    return { draft: draft.body.data, published };
  }

  it('refuses an edit made from the draft once it is published, and saves one made from the published version', async () => {
    const { draft, published } = await publishedFromDraft();
    // Published within the same millisecond as it was created: still a new version.
    expect(published.updatedAt).not.toBe(draft.updatedAt);
    const url = `${fusion.collection}/${draft.id}`;
    const stale = await send('PUT', url, request('From the draft'), `"${draft.updatedAt}"`);
    expect(stale.body.code).toBe('ENTRY_CHANGED');
    const saved = await send('PUT', url, request('From the published'), `"${published.updatedAt}"`);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  });

  it('answers FUSION_STARTED, not ENTRY_CHANGED, to a stale edit of a fusion that has begun: reloading would not help', async () => {
    const { draft } = await publishedFromDraft();
    t.clock.advance(2 * 60 * MINUTE_MS);
    const refused = await t.app.inject({
      method: 'PUT',
      url: `${fusion.collection}/${draft.id}`,
      // The clock moved past the sign-in's access token: a fresh one.
      headers: { ...bearer(await freshAccessToken(t, admin.userId)), 'if-match': `"${draft.updatedAt}"` },
      payload: request('Too late'),
    });
    expect(refused.json().code).toBe('FUSION_STARTED');
  });
});
