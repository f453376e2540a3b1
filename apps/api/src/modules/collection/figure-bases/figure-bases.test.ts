import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseUrl } from '../../../config.ts';
import { queryRows } from '../../../db/query-rows.ts';
import { newId } from '../../../lib/ids.ts';
import { bearer, signUp } from '../../../testing/auth-helpers.ts';
import { collectorWithPack, brandCountDrift } from '../../../testing/collection-fixtures.ts';
import { fastBuyer } from '../../../testing/drop-fixtures.ts';
import { raceThroughGate } from '../../../testing/lock-barrier.ts';
import { signUpOperator } from '../../../testing/operator-helpers.ts';
import { createTestApp, type TestApp } from '../../../testing/test-app.ts';

let t: TestApp;
let admin: { accessToken: string };
beforeAll(async () => {
  t = await createTestApp();
  admin = await signUpOperator(t, 'admin');
});
afterAll(() => t.close());

const db = () => t.database.db;
const WALLET = '0x52908400098527886E0F7030069857D2E4169EE7';

const post = (url: string, accessToken: string, payload?: object) =>
  t.app.inject({ method: 'POST', url, headers: { ...bearer(accessToken), 'idempotency-key': newId() }, payload });
const get = (url: string, accessToken?: string) =>
  t.app.inject({ method: 'GET', url, headers: accessToken ? bearer(accessToken) : {} });

type TSlotFit = { name: string; productId?: string | null; rarity?: string | null };

/** A collector with one opened pack of a collection (one LEGENDARY edition, the rest COMMON) and a base for it. */
async function collectorWithBase(options: { slots?: TSlotFit[]; editionsPerPack?: number } = {}) {
  const owned = await collectorWithPack(t, { isInCollection: true, editionsPerPack: options.editionsPerPack ?? 3 });
  const slots = options.slots ?? [
    { name: 'Anything' },
    { name: 'Centre', rarity: 'LEGENDARY' },
    { name: 'Knight', productId: owned.products.common.id },
  ];
  const created = await post('/v1/console/figure-bases', admin.accessToken, {
    collectionId: owned.collection!.id,
    name: 'Display shelf',
    slots: slots.map((slot) => ({ productId: null, rarity: null, ...slot })),
  });
  expect(created.statusCode).toBe(201);
  const base = created.json().data as { id: string; slots: { id: string; name: string }[] };
  const rows = await queryRows<{ id: string; rarity: string }>(
    db(),
    sql`select id, rarity from editions where id in (${sql.join(
      owned.editionIds.map((id) => sql`${id}`),
      sql`, `,
    )}) order by token_id`,
  );
  const legendary = rows.find((row) => row.rarity === 'LEGENDARY')!.id;
  const commons = rows.filter((row) => row.rarity === 'COMMON').map((row) => row.id);
  const slotId = (name: string) => base.slots.find((slot) => slot.name === name)!.id;
  return { ...owned, base, legendary, commons, slotId };
}

async function historyKinds(editionId: string): Promise<string[]> {
  return (await get(`/v1/editions/${editionId}/histories`))
    .json()
    .data.items.map((entry: { kind: string }) => entry.kind);
}

describe('figure bases', () => {
  it('shows a base to everyone, and to its viewer what stands where and which of their editions fit which slot', async () => {
    const { base, collector, legendary, commons, slotId, collection } = await collectorWithBase();

    const listed = (await get(`/v1/figure-base-collections?collectionId=${collection!.id}`)).json().data;
    expect(listed).toMatchObject({ total: 1, items: [{ id: base.id, equippedCount: 0 }] });
    expect(listed.items[0].slots.map((slot: { name: string }) => slot.name)).toEqual(['Anything', 'Centre', 'Knight']);

    const anonymous = (await get(`/v1/figure-base-collections/${base.id}`)).json().data;
    expect(anonymous).toMatchObject({ placements: [], candidates: [] });

    const mine = (await get(`/v1/figure-base-collections/${base.id}`, collector.accessToken)).json().data;
    const fits = Object.fromEntries(
      mine.candidates.map((candidate: { edition: { id: string }; slotIds: string[] }) => [
        candidate.edition.id,
        candidate.slotIds,
      ]),
    );
    expect(fits[legendary]).toEqual([slotId('Anything'), slotId('Centre')]);
    for (const common of commons) expect(fits[common]).toEqual([slotId('Anything'), slotId('Knight')]);
  });

  // Review: a slot asking for a draft product showed the product's name and picture to everyone.
  it('shows the public no name or picture of a slot product the catalogue does not show; the console still sees it', async () => {
    const { base, collection, products } = await collectorWithBase();
    await db().execute(sql`update products set status = 'DRAFT' where id = ${products.common.id}`);
    const knightOf = (view: { slots: { name: string }[] }) => view.slots.find((slot) => slot.name === 'Knight');

    const hidden = { productId: products.common.id, product: null };
    expect(knightOf((await get(`/v1/figure-base-collections/${base.id}`)).json().data)).toMatchObject(hidden);
    const listed = (await get(`/v1/figure-base-collections?collectionId=${collection!.id}`)).json().data;
    expect(knightOf(listed.items[0])).toMatchObject(hidden);
    expect(JSON.stringify(listed)).not.toContain(products.common.name);

    const edited = (await get(`/v1/console/figure-bases/${base.id}`, admin.accessToken)).json().data;
    expect(knightOf(edited)).toMatchObject({ product: { id: products.common.id, name: products.common.name } });
  });

  it('equips into a fitting slot and unequips; the edition is held against export and lock meanwhile', async () => {
    const { base, collector, legendary, commons, slotId, collection } = await collectorWithBase();
    const url = `/v1/figure-base-collections/${base.id}`;

    const misfit = await post(`${url}/equip`, collector.accessToken, {
      editionId: commons[0],
      slotId: slotId('Centre'),
    });
    expect(misfit.statusCode).toBe(422);
    expect(misfit.json()).toEqual({
      code: 'EDITION_DOES_NOT_FIT',
      message: 'This collectible does not fit this slot.',
    });

    const equipped = await post(`${url}/equip`, collector.accessToken, {
      editionId: legendary,
      slotId: slotId('Centre'),
    });
    expect(equipped.statusCode).toBe(200);
    expect(equipped.json().data).toMatchObject({
      equippedCount: 1,
      filledSlotIds: [slotId('Centre')],
      placements: [{ slotId: slotId('Centre') }],
    });
    // The list says which slots are taken too, so the NFT page counts only the free ones an edition fits.
    const listedAfter = await get(`/v1/figure-base-collections?collectionId=${collection!.id}`, collector.accessToken);
    expect(listedAfter.json().data.items).toMatchObject([{ id: base.id, filledSlotIds: [slotId('Centre')] }]);
    expect(equipped.json().data.placements[0].edition).toMatchObject({
      id: legendary,
      state: 'EQUIPPED',
      isLocked: true,
    });
    // It is no longer a candidate: an edition stands in one place at a time.
    expect(equipped.json().data.candidates.map((c: { edition: { id: string } }) => c.edition.id)).not.toContain(
      legendary,
    );

    const elsewhere = await post(`${url}/equip`, collector.accessToken, {
      editionId: legendary,
      slotId: slotId('Anything'),
    });
    expect(elsewhere.statusCode).toBe(409);
    expect(elsewhere.json().code).toBe('EDITION_EQUIPPED');
    for (const move of ['export', 'lock']) {
      const body = move === 'export' ? { address: WALLET } : undefined;
      const held = await post(`/v1/editions/${legendary}/${move}`, collector.accessToken, body);
      expect(held.json()).toEqual({
        code: 'EDITION_EQUIPPED',
        message: 'This collectible stands on a figure base: take it off first.',
      });
    }

    await post(`${url}/equip`, collector.accessToken, { editionId: commons[0], slotId: slotId('Knight') });
    const taken = await post(`${url}/equip`, collector.accessToken, {
      editionId: commons[1],
      slotId: slotId('Knight'),
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().code).toBe('FIGURE_BASE_SLOT_TAKEN');
    // The refused equip rolled back whole: the edition is still free.
    expect((await get(`/v1/editions/${commons[1]}`)).json().data.state).toBe('OWNED');

    const unequipped = await post(`${url}/unequip`, collector.accessToken, { editionId: legendary });
    expect(unequipped.statusCode).toBe(200);
    expect(unequipped.json().data.equippedCount).toBe(1);
    expect((await get(`/v1/editions/${legendary}`)).json().data).toMatchObject({ state: 'OWNED', isLocked: false });
    const again = await post(`${url}/unequip`, collector.accessToken, { editionId: legendary });
    expect(again.json()).toEqual({
      code: 'EDITION_NOT_ON_FIGURE_BASE',
      message: 'This collectible is not on this figure base.',
    });
  });

  it("refuses someone else's edition with 403, unknown bases and slots with 404, and a signed-out caller with 401", async () => {
    const { base, collector, legendary, slotId } = await collectorWithBase();
    const url = `/v1/figure-base-collections/${base.id}`;
    const stranger = await fastBuyer(t);
    const stolen = await post(`${url}/equip`, stranger.accessToken, { editionId: legendary, slotId: slotId('Centre') });
    expect(stolen.statusCode).toBe(403);
    expect(stolen.json().code).toBe('EDITION_NOT_YOURS');

    await post(`${url}/equip`, collector.accessToken, { editionId: legendary, slotId: slotId('Centre') });
    const freed = await post(`${url}/unequip`, stranger.accessToken, { editionId: legendary });
    expect(freed.statusCode).toBe(403);
    expect((await get(`/v1/editions/${legendary}`)).json().data.state).toBe('EQUIPPED');

    const noBase = await post(`/v1/figure-base-collections/${newId()}/equip`, collector.accessToken, {
      editionId: legendary,
      slotId: slotId('Centre'),
    });
    expect(noBase.json().code).toBe('FIGURE_BASE_NOT_FOUND');
    const noSlot = await post(`${url}/equip`, collector.accessToken, { editionId: legendary, slotId: newId() });
    expect(noSlot.json().code).toBe('FIGURE_BASE_SLOT_NOT_FOUND');
    const anonymous = await t.app.inject({
      method: 'POST',
      url: `${url}/equip`,
      payload: { editionId: legendary, slotId: slotId('Centre') },
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('keeps a complete, append-only history through purchase, opening, equip, unequip, lock and export', async () => {
    const { base, collector, commons, slotId } = await collectorWithBase();
    const [editionId] = commons;
    const url = `/v1/figure-base-collections/${base.id}`;
    await post(`${url}/equip`, collector.accessToken, { editionId, slotId: slotId('Knight') });
    await post(`${url}/unequip`, collector.accessToken, { editionId });
    await post(`/v1/editions/${editionId}/lock`, collector.accessToken);
    await post(`/v1/editions/${editionId}/unlock`, collector.accessToken);
    await post(`/v1/editions/${editionId}/export`, collector.accessToken, { address: WALLET });
    const history = (await get(`/v1/editions/${editionId}/histories`)).json().data.items;
    expect(history.map((entry: { kind: string }) => entry.kind)).toEqual([
      'MINTED',
      'PURCHASED',
      'OPENED',
      'EQUIPPED',
      'UNEQUIPPED',
      'LOCKED',
      'UNLOCKED',
      'EXPORTED',
    ]);
    const times = history.map((entry: { createdAt: string }) => entry.createdAt);
    expect([...times].sort()).toEqual(times);
    // Append-only: every activity row of the edition is still there, none rewritten.
    const [counted] = await queryRows<{ n: number }>(
      db(),
      sql`select count(*)::int as n from product_activities where edition_id = ${editionId}`,
    );
    expect(counted!.n).toBe(history.length - 1);
  });

  it('hides a base whose collection is unpublished, but lets its collectors take their editions off', async () => {
    const { base, collector, legendary, slotId, collection } = await collectorWithBase();
    const url = `/v1/figure-base-collections/${base.id}`;
    await post(`${url}/equip`, collector.accessToken, { editionId: legendary, slotId: slotId('Centre') });
    await t.database.db.execute(sql`update collections set status = 'DRAFT' where id = ${collection!.id}`);

    expect((await get(url)).json().code).toBe('FIGURE_BASE_NOT_FOUND');
    expect((await get(`/v1/figure-base-collections?collectionId=${collection!.id}`)).json().data.total).toBe(0);
    // The NFT page is where its owner finds the base again: the edition names the base it stands on, to its owner,
    // and says its collection's page (with the figure bases) is not public, so the page does not link there.
    expect((await get(`/v1/editions/${legendary}`, collector.accessToken)).json().data).toMatchObject({
      state: 'EQUIPPED',
      figureBaseId: base.id,
      isCollectionPublic: false,
    });
    const unequipped = await post(`${url}/unequip`, collector.accessToken, { editionId: legendary });
    expect(unequipped.statusCode).toBe(200);
    expect((await get(`/v1/editions/${legendary}`, collector.accessToken)).json().data).toMatchObject({
      state: 'OWNED',
      figureBaseId: null,
    });
  });

  it('names the base an edition stands on to its owner only, in an answer no shared cache keeps', async () => {
    const { base, brand, collector, legendary, slotId } = await collectorWithBase();
    await post(`/v1/figure-base-collections/${base.id}/equip`, collector.accessToken, {
      editionId: legendary,
      slotId: slotId('Centre'),
    });
    const someoneElse = await signUp(t);
    const read = (accessToken?: string) => get(`/v1/editions/${legendary}`, accessToken);

    const owners = await read(collector.accessToken);
    expect(owners.json().data).toMatchObject({ state: 'EQUIPPED', figureBaseId: base.id, isCollectionPublic: true });
    expect(owners.headers['cache-control']).toBe('private, no-store');
    expect(owners.headers.vary).toMatch(/authorization/i);

    const others = await read(someoneElse.accessToken);
    const visitors = await read();
    for (const answer of [others, visitors]) {
      expect(answer.statusCode).toBe(200);
      expect(answer.json().data).toMatchObject({
        state: 'EQUIPPED',
        owner: { id: collector.userId },
        figureBaseId: null,
        isCollectionPublic: true,
      });
      expect(answer.headers.vary).toMatch(/authorization/i);
    }
    expect(others.headers['cache-control']).toBe('private, no-store');
    expect(visitors.headers['cache-control'] ?? '').not.toMatch(/public/);

    // Its brand taken down: the collection's page is not found, which the answer says, to everyone.
    await db().execute(sql`update brands set status = 'DRAFT' where id = ${brand.id}`);
    expect((await read()).json().data).toMatchObject({ figureBaseId: null, isCollectionPublic: false });
    expect((await read(collector.accessToken)).json().data).toMatchObject({
      figureBaseId: base.id,
      isCollectionPublic: false,
    });
  });

  // PGlite runs one transaction at a time, so only PostgreSQL can race these (CI's PostgreSQL pass).
  it.runIf(Boolean(testDatabaseUrl()))(
    '10 concurrent equips of one edition into 10 different slots: exactly one wins, once in its history',
    async () => {
      const slots = Array.from({ length: 10 }, (_, index) => ({ name: `Slot ${index + 1}` }));
      const { base, collector, legendary } = await collectorWithBase({ slots });
      const answers = await raceThroughGate(
        t.database.pool!.options.connectionString!,
        [{ text: 'select 1 from editions where id = $1 for update', values: [legendary] }],
        10,
        () =>
          Promise.all(
            base.slots.map((slot) =>
              post(`/v1/figure-base-collections/${base.id}/equip`, collector.accessToken, {
                editionId: legendary,
                slotId: slot.id,
              }),
            ),
          ),
      );
      const codes = answers.map((answer) => (answer.statusCode === 200 ? 'EQUIPPED' : answer.json().code)).sort();
      expect(codes).toEqual([...Array<string>(9).fill('EDITION_EQUIPPED'), 'EQUIPPED']);
      const [placements] = await queryRows<{ n: number }>(
        db(),
        sql`select count(*)::int as n from figure_base_placements where edition_id = ${legendary}`,
      );
      expect(placements!.n).toBe(1);
      expect((await historyKinds(legendary)).filter((kind) => kind === 'EQUIPPED')).toHaveLength(1);
    },
  );

  it.runIf(Boolean(testDatabaseUrl()))(
    '10 different editions racing for one slot: exactly one stands in it, the others stay free',
    async () => {
      const { base, collector, editionIds, slotId } = await collectorWithBase({
        slots: [{ name: 'Only' }],
        editionsPerPack: 10,
      });
      // Each racer moves its own edition, then its placement's foreign key check waits on the slot the gate holds.
      const answers = await raceThroughGate(
        t.database.pool!.options.connectionString!,
        [{ text: 'select 1 from figure_base_slots where id = $1 for update', values: [slotId('Only')] }],
        10,
        () =>
          Promise.all(
            editionIds.map((editionId) =>
              post(`/v1/figure-base-collections/${base.id}/equip`, collector.accessToken, {
                editionId,
                slotId: slotId('Only'),
              }),
            ),
          ),
      );
      const codes = answers.map((answer) => (answer.statusCode === 200 ? 'EQUIPPED' : answer.json().code)).sort();
      expect(codes).toEqual(['EQUIPPED', ...Array<string>(9).fill('FIGURE_BASE_SLOT_TAKEN')]);
      const states = await queryRows<{ state: string; n: number }>(
        db(),
        sql`select state, count(*)::int as n from editions where pack_id = (select pack_id from editions where id = ${editionIds[0]})
            group by state order by state`,
      );
      expect(states).toEqual([
        { state: 'EQUIPPED', n: 1 },
        { state: 'OWNED', n: 9 },
      ]);
    },
  );
  it.runIf(Boolean(testDatabaseUrl()))(
    'an equip and an operator removing or refitting its slot at once: one of the two is refused, never a 500, and nothing stands where it does not fit',
    async () => {
      for (let round = 0; round < 6; round += 1) {
        const isRemoval = round % 2 === 0;
        const { base, collector, commons, slotId } = await collectorWithBase();
        const knight = slotId('Knight');
        // The edit leaves the Knight slot out, or makes it fit a LEGENDARY only, while a COMMON is put into it.
        const editedSlots = base.slots
          .filter((slot) => !(isRemoval && slot.id === knight))
          .map((slot) => {
            if (slot.id === knight) return { id: slot.id, name: 'Knight', productId: null, rarity: 'LEGENDARY' };
            const asked = slot.name === 'Centre' ? 'LEGENDARY' : null;
            return { id: slot.id, name: slot.name, productId: null, rarity: asked };
          });
        // Both queue behind the gate's hold on the base's row (the edit for its FOR UPDATE, the equip for its FOR KEY
        // SHARE), then go in whichever order PostgreSQL lets them.
        const [equip, edit] = await raceThroughGate(
          t.database.pool!.options.connectionString!,
          [{ text: 'select 1 from figure_bases where id = $1 for update', values: [base.id] }],
          2,
          () =>
            Promise.all([
              post(`/v1/figure-base-collections/${base.id}/equip`, collector.accessToken, {
                editionId: commons[0],
                slotId: knight,
              }),
              t.app.inject({
                method: 'PATCH',
                url: `/v1/console/figure-bases/${base.id}`,
                headers: bearer(admin.accessToken),
                payload: { slots: editedSlots },
              }),
            ]),
        );
        const codes = [equip, edit].map((answer) => (answer.statusCode === 200 ? 200 : answer.json().code));
        const equipRefused = isRemoval ? 'FIGURE_BASE_SLOT_NOT_FOUND' : 'EDITION_DOES_NOT_FIT';
        expect([
          [200, 'FIGURE_BASE_SLOT_IN_USE'],
          [equipRefused, 200],
        ]).toContainEqual(codes);
        const standing = await queryRows<{ rarity: string; asked: string | null }>(
          db(),
          sql`select e.rarity, s.rarity as asked from figure_base_placements p
            join figure_base_slots s on s.id = p.slot_id join editions e on e.id = p.edition_id
            where p.figure_base_id = ${base.id}`,
        );
        for (const placed of standing) expect(placed.asked === null || placed.asked === placed.rarity).toBe(true);
        expect(standing).toHaveLength(codes[0] === 200 ? 1 : 0);
      }
    },
  );

  // Last in the file: every move above went through the trigger that keeps My Collection's brand counts.
  it('leaves every collector’s brand counts equal to a count of their editions', async () => {
    expect(await brandCountDrift(t.database.db)).toEqual([]);
  });
});
