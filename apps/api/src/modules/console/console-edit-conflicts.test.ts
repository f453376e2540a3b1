import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorCatalogue } from '@cypher/contract';
import { MINUTE_MS } from '../../lib/clock.ts';
import { bearer } from '../../testing/auth-helpers.ts';
import {
  insertBanner,
  insertBrand,
  insertCategory,
  insertCollection,
  insertLicense,
  insertProduct,
  insertTag,
} from '../../testing/catalog-fixtures.ts';
import { dropRequest } from '../../testing/console-drop-fixtures.ts';
import { freshAccessToken } from '../../testing/drop-fixtures.ts';
import { publishInConsole } from '../../testing/console-publication.ts';
import { signUpOperator } from '../../testing/operator-helpers.ts';
import { passOnSaleInConsole } from '../../testing/pass-fixtures.ts';
import { insertTicketKind } from '../../testing/ticket-fixtures.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { products } from '../catalog/catalog.tables.ts';
import { passes } from '../passes/passes.tables.ts';

// Optimistic concurrency for the console's edits (http/entry-version.ts): a PUT or PATCH made from the version an
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

const db = () => t.database.db;
/** Names are unique within a brand: each entry of a brand's own gets a brand of its own. */
const ownBrand = async () => (await insertBrand(db())).id;

const iso = (minutes: number) => new Date(t.clock.now().getTime() + minutes * MINUTE_MS).toISOString();

interface TEditable {
  name: string;
  collection: string;
  /** PUT replaces the whole entry (drops, fusions, calendars); PATCH sends only what changed (the catalogue's forms). */
  method: 'PUT' | 'PATCH';
  /** The field the tests rename. */
  nameField: 'name' | 'title';
  /** A new entry named `name`; `entry` tells the entries of one test apart (calendars may not overlap). */
  create: (name: string, entry: number) => Promise<string>;
  /** The edit's body, renaming the entry to `name`. */
  edit: (name: string, entry: number) => object;
}

/** An entry made whole by POST, and edited by PUT with the same whole body. */
function replaced(name: string, collection: string, request: (name: string, entry: number) => object): TEditable {
  return {
    name,
    collection,
    method: 'PUT',
    nameField: 'name',
    create: async (name, entry) => {
      const made = await send('POST', collection, request(name, entry));
      expect(made.status, JSON.stringify(made.body)).toBe(201);
      return made.body.data.id;
    },
    edit: request,
  };
}

/** An entry written by a fixture, and edited by a PATCH of its name alone. */
function patched(
  name: string,
  collection: string,
  insert: (name: string) => Promise<{ id: string }>,
  nameField: TEditable['nameField'] = 'name',
): TEditable {
  return {
    name,
    collection,
    method: 'PATCH',
    nameField,
    create: async (name) => (await insert(name)).id,
    edit: (name) => ({ [nameField]: name }),
  };
}

const editables: TEditable[] = [
  replaced('a draft drop', '/v1/console/drops', (name) => dropRequest(brandId, productIds, t.clock.now(), { name })),
  replaced('a draft fusion', '/v1/console/fusions', (name) => ({
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
  })),
  replaced('a reward calendar', '/v1/console/attendance-calendars', (name, entry) => ({
    name,
    startDate: `${2040 + entry}-01-01`,
    endDate: `${2040 + entry}-01-31`,
    dailyReward: { kind: 'CREDIT', amount: 100 },
  })),
  patched('a brand', '/v1/console/brands', (name) => insertBrand(db(), { name })),
  patched('a license', '/v1/console/licenses', async (name) => insertLicense(db(), await ownBrand(), { name })),
  patched('a collection', '/v1/console/collections', async (name) =>
    insertCollection(db(), await ownBrand(), { name }),
  ),
  patched('a product', '/v1/console/products', async (name) => insertProduct(db(), await ownBrand(), { name })),
  patched('a banner', '/v1/console/banners', (title) => insertBanner(db(), { title }), 'title'),
  patched('a category', '/v1/console/categories', (name) => insertCategory(db(), { name })),
  patched('a tag', '/v1/console/tags', (name) => insertTag(db(), { name })),
  patched('a ticket kind', '/v1/console/ticket-kinds', (name) => insertTicketKind(db(), { name })),
  patched('a figure base', '/v1/console/figure-bases', async (name) => {
    const made = await send('POST', '/v1/console/figure-bases', {
      collectionId: (await insertCollection(db(), brandId)).id,
      name,
      description: '',
      slots: [{ name: 'Left', productId: null, rarity: null }],
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    return made.body.data;
  }),
  patched(
    'a pass',
    '/v1/console/passes',
    async (name) => (await passOnSaleInConsole(t, admin.accessToken, { name })).pass,
  ),
];

type TEntry = { id: string; name?: string; title?: string; updatedAt: string };

async function send(method: 'POST' | 'PUT' | 'PATCH' | 'GET', url: string, payload?: object, ifMatch?: string) {
  const headers = { ...bearer(admin.accessToken), ...(ifMatch === undefined ? {} : { 'if-match': ifMatch }) };
  const response = await t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
  return { status: response.statusCode, body: response.json() as { data: TEntry; code?: string; message?: string } };
}

let entries = 0;

describe.each(editables)('editing $name', ({ collection, method, nameField, create, edit: editOf }) => {
  let entry = 0;
  // Brand names are unique across brands, other names within one: each entry's names are its own.
  const named = (name: string) => `${name} ${entry}`;
  const edit = (name: string) => editOf(named(name), entry);
  /** A new entry as the console reads it: its `updatedAt` is the version an edit is made from. */
  async function created() {
    entry = ++entries;
    const id = await create(named('First name'), entry);
    const read = await send('GET', `${collection}/${id}`);
    expect(read.status, JSON.stringify(read.body)).toBe(200);
    return read.body.data;
  }
  const nameOf = (data: TEntry) => data[nameField];

  it('saves an edit made from the version saved last, and refuses one made from an older version', async () => {
    const opened = await created();
    const url = `${collection}/${opened.id}`;
    const first = await send(method, url, edit('Saved by one'), `"${opened.updatedAt}"`);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    // The clock has not moved, and the save is still a new version.
    expect(first.body.data.updatedAt).not.toBe(opened.updatedAt);

    const stale = await send(method, url, edit('Saved by the other'), `"${opened.updatedAt}"`);
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({ code: 'ENTRY_CHANGED', message: errorCatalogue.ENTRY_CHANGED.message });
    // Nothing of the refused edit was written.
    const kept = (await send('GET', url)).body.data;
    expect(nameOf(kept)).toBe(named('Saved by one'));
    expect(kept.updatedAt).toBe(first.body.data.updatedAt);

    // Made again from the version now saved (a weak tag names the same version), it is saved.
    const again = await send(method, url, edit('Saved by the other'), `W/"${first.body.data.updatedAt}"`);
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(nameOf(again.body.data)).toBe(named('Saved by the other'));
  });

  it('saves an edit that names no version, or any (`*`), as before: the last one wins', async () => {
    const opened = await created();
    const url = `${collection}/${opened.id}`;
    expect((await send(method, url, edit('Without a version'))).status).toBe(200);
    expect((await send(method, url, edit('Any version'), '*')).status).toBe(200);
    expect(nameOf((await send('GET', url)).body.data)).toBe(named('Any version'));
  });

  it('answers a version that is not one with INVALID_REQUEST, naming the header', async () => {
    const opened = await created();
    for (const ifMatch of [opened.updatedAt, '"yesterday"', '"a", "b"', '""']) {
      const refused = await send(method, `${collection}/${opened.id}`, edit('Never saved'), ifMatch);
      expect(refused.status, ifMatch).toBe(400);
      expect(refused.body).toMatchObject({ code: 'INVALID_REQUEST', details: [{ field: 'If-Match' }] });
    }
    expect(nameOf((await send('GET', `${collection}/${opened.id}`)).body.data)).toBe(named('First name'));
  });

  it('lets exactly one of two saves made at once from the same version through', async () => {
    const opened = await created();
    const url = `${collection}/${opened.id}`;
    const saves = await Promise.all(
      ['One', 'Other'].map((name) => send(method, url, edit(name), `"${opened.updatedAt}"`)),
    );
    expect(saves.map((save) => save.status).sort()).toEqual([200, 409]);
    const saved = saves.find((save) => save.status === 200)!.body.data;
    const kept = (await send('GET', url)).body.data;
    expect(nameOf(kept)).toBe(nameOf(saved));
    expect(kept.updatedAt).toBe(saved.updatedAt);
  });
});

describe('editing a fusion once it is published', () => {
  const fusion = editables.find((editable) => editable.collection === '/v1/console/fusions')!;
  const request = (name: string) => fusion.edit(name, 0);

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

describe('publishing or unpublishing a catalogue entry', () => {
  // The fusion tests above moved the clock past the sign-in's access token.
  beforeAll(async () => {
    admin.accessToken = await freshAccessToken(t, admin.userId);
  });

  it('is a new version: an edit made from the entry before it is refused, even within the same millisecond', async () => {
    const draft = await insertBrand(db(), { status: 'DRAFT' });
    const url = `/v1/console/brands/${draft.id}`;
    const opened = (await send('GET', url)).body.data;
    const published = await send('POST', `${url}/publish`);
    expect(published.status, JSON.stringify(published.body)).toBe(200);
    expect(published.body.data.updatedAt).not.toBe(opened.updatedAt);
    expect((await send('PATCH', url, { tagline: 'From the draft' }, `"${opened.updatedAt}"`)).body.code).toBe(
      'ENTRY_CHANGED',
    );

    const unpublished = await send('POST', `${url}/unpublish`);
    expect(unpublished.body.data.updatedAt).not.toBe(published.body.data.updatedAt);
    const stale = await send('PATCH', url, { tagline: 'From the published' }, `"${published.body.data.updatedAt}"`);
    expect(stale.body.code).toBe('ENTRY_CHANGED');
    const saved = await send('PATCH', url, { tagline: 'From the draft again' }, `"${unpublished.body.data.updatedAt}"`);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  });

  it('is a new version for a pass too, whose supply is fixed once it is published', async () => {
    const { pass: published } = await passOnSaleInConsole(t, admin.accessToken);
    const url = `/v1/console/passes/${published.id}`;
    const [created] = await db()
      .select({ createdAt: passes.createdAt })
      .from(passes)
      .where(eq(passes.id, published.id));
    // Made and published within the same millisecond, on the standing clock: still two versions.
    expect(published.updatedAt).not.toBe(created!.createdAt.toISOString());
    const stale = await send('PATCH', url, { supply: 6 }, `"${created!.createdAt.toISOString()}"`);
    expect(stale.body.code).toBe('ENTRY_CHANGED');
  });
});
