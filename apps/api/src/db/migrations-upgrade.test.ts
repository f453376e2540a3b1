import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { activityKinds } from '@cypher/contract';
import { newId } from '../lib/ids.ts';
import { custodialContractAddress } from '../modules/collection/chain-contracts.ts';
import { listPaymentReviews } from '../modules/wallet/payment-reviews/list-payment-reviews.ts';
import { insertBrand, insertCollection, insertProduct } from '../testing/catalog-fixtures.ts';
import { insertLiveDrop } from '../testing/drop-fixtures.ts';
import { createTestDatabase } from '../testing/test-database.ts';
import type { Database } from './client.ts';
import { migrationsFolder, runMigrations } from './migrate.ts';
import { queryRows } from './query-rows.ts';

/**
 * Migrations that move rows, run on a database that has some: migrated up to the one before, given rows the way the
 * code of that time wrote them, then migrated to the end. A fresh test database has no rows for them to move.
 */
const partialFolders: string[] = [];
function migrationsUpTo(lastTag: string): string {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'cypher-migrations-'));
  partialFolders.push(folder);
  fs.cpSync(migrationsFolder, folder, { recursive: true });
  const journalFile = path.join(folder, 'meta/_journal.json');
  const journal = JSON.parse(fs.readFileSync(journalFile, 'utf8')) as { entries: { idx: number; tag: string }[] };
  const last = journal.entries.findIndex((entry) => entry.tag === lastTag);
  if (last < 0) throw new Error(`no migration ${lastTag}`);
  journal.entries = journal.entries.slice(0, last + 1);
  fs.writeFileSync(journalFile, JSON.stringify(journal));
  return folder;
}

let database: Database | undefined;
afterAll(async () => {
  await database?.close();
  for (const folder of partialFolders) fs.rmSync(folder, { recursive: true, force: true });
});

describe('migrations 0018 and 0019: editions as tokens, in their collections', () => {
  it('mints the editions written before it on their collection contracts, in minting order, and keeps their history', async () => {
    database = await createTestDatabase({ migrationsFolder: migrationsUpTo('0017_drop-integrity-and-publishing') });
    const db = database.db;
    const brand = await insertBrand(db);
    const shelf = await insertCollection(db, brand.id);
    const inShelf = await insertProduct(db, brand.id, { collectionId: shelf.id });
    const outside = await insertProduct(db, brand.id);
    const buyer = newId();
    await db.execute(sql`insert into users (id, email, status, created_at, updated_at)
                         values (${buyer}, ${`old.${buyer}@example.com`}, 'ACTIVE', now(), now())`);
    // As 0017's code wrote them: no state, no token; one opened (it has an owner), the others in packs.
    const editionRows = [
      { id: newId(), productId: inShelf!.id, serial: 2, owner: null, at: '2026-01-02T00:00:00Z' },
      { id: newId(), productId: inShelf!.id, serial: 1, owner: buyer, at: '2026-01-01T00:00:00Z' },
      { id: newId(), productId: outside!.id, serial: 1, owner: null, at: '2026-01-01T00:00:00Z' },
    ];
    for (const row of editionRows) {
      await db.execute(sql`insert into editions (id, product_id, serial_number, owner_user_id, type, created_at)
                           values (${row.id}, ${row.productId}, ${row.serial}, ${row.owner}, 'STANDARD', ${row.at})`);
    }
    await db.execute(sql`insert into product_activities (id, product_id, kind, actor_user_id, edition_number, edition_id, created_at)
                         values (${newId()}, ${inShelf!.id}, 'OPENED', ${buyer}, 1, ${editionRows[1]!.id}, now()),
                                (${newId()}, ${inShelf!.id}, 'PURCHASED', ${buyer}, 9, ${newId()}, now())`);

    await runMigrations(database);

    const editions = await queryRows<{
      id: string;
      state: string;
      brand_id: string;
      collection_id: string | null;
      contract_address: string;
      token_id: string | number;
    }>(db, sql`select id, state, brand_id, collection_id, contract_address, token_id from editions`);
    const byId = new Map(editions.map((row) => [row.id, { ...row, token_id: Number(row.token_id) }]));
    const shelfContract = custodialContractAddress(`collection:${shelf.id}`);
    const brandContract = custodialContractAddress(`brand:${brand.id}`);
    expect(byId.get(editionRows[1]!.id)).toMatchObject({
      state: 'OWNED',
      brand_id: brand.id,
      collection_id: shelf.id,
      contract_address: shelfContract,
      token_id: 1,
    });
    expect(byId.get(editionRows[0]!.id)).toMatchObject({
      state: 'IN_PACK',
      contract_address: shelfContract,
      token_id: 2,
    });
    expect(byId.get(editionRows[2]!.id)).toMatchObject({
      state: 'IN_PACK',
      collection_id: null,
      contract_address: brandContract,
      token_id: 1,
    });
    // The contracts go on after the tokens already issued.
    const contracts = await queryRows<{ registry_key: string; next_token_id: string | number }>(
      db,
      sql`select registry_key, next_token_id from chain_contracts order by registry_key`,
    );
    expect(contracts.map((row) => [row.registry_key, Number(row.next_token_id)])).toEqual([
      [`brand:${brand.id}`, 2],
      [`collection:${shelf.id}`, 3],
    ]);
    // The history keeps the opening; an activity naming an edition that never existed loses only that link.
    const activities = await queryRows<{ kind: string; edition_id: string | null }>(
      db,
      sql`select kind, edition_id from product_activities order by kind`,
    );
    expect(activities).toEqual([
      { kind: 'OPENED', edition_id: editionRows[1]!.id },
      { kind: 'PURCHASED', edition_id: null },
    ]);
    // Migration 0019: the product's rarity on every edition, and the opened one in its collection since its opening.
    const collected = await queryRows<{ id: string; rarity: string; acquired_at: Date | string | null }>(
      db,
      sql`select id, rarity, acquired_at from editions`,
    );
    const rarityOf = new Map(collected.map((row) => [row.id, row]));
    expect(rarityOf.get(editionRows[1]!.id)!.rarity).toBe(inShelf!.rarity);
    expect(rarityOf.get(editionRows[1]!.id)!.acquired_at).not.toBeNull();
    expect(rarityOf.get(editionRows[0]!.id)!.acquired_at).toBeNull();
    const kinds = await queryRows<{ kind: string }>(db, sql`select kind from activity_kinds order by kind`);
    expect(kinds.map((row) => row.kind)).toEqual([...activityKinds].sort());
  });
});

describe('migration 0040: the slugs brands went by', () => {
  it('keeps the slugs brands gave up in console edits before it, each for the last brand to give it up', async () => {
    await database?.close();
    database = await createTestDatabase({ migrationsFolder: migrationsUpTo('0039_previous-password-hash') });
    const db = database.db;
    const first = await insertBrand(db, { slug: 'lantern-now' });
    const second = await insertBrand(db, { slug: 'second-now' });
    const edit = async (brandId: string, before: object, after: object, at: string, action = 'update') =>
      db.execute(sql`insert into audit_log (id, actor_user_id, action, entity_type, entity_id, before, after, created_at)
                     values (${newId()}, null, ${action}, 'brand', ${brandId}, ${JSON.stringify(before)}::jsonb,
                             ${JSON.stringify(after)}::jsonb, ${at})`);
    // As the console wrote them: the brand before and after each edit.
    const published = { status: 'PUBLISHED' };
    await edit(first.id, { slug: 'lantern', ...published }, { slug: 'lantern-house' }, '2026-01-01T00:00:00Z');
    await edit(first.id, { slug: 'lantern-house', ...published }, { slug: 'lantern-now' }, '2026-02-01T00:00:00Z');
    await edit(
      first.id,
      { slug: 'lantern-now', name: 'A', ...published },
      { slug: 'lantern-now', name: 'B' },
      '2026-03-01T00:00:00Z',
    );
    await edit(first.id, { slug: 'shared', ...published }, { slug: 'lantern' }, '2026-01-05T00:00:00Z');
    await edit(second.id, { slug: 'shared', ...published }, { slug: 'second-now' }, '2026-04-01T00:00:00Z');
    await edit(
      second.id,
      { slug: 'never-edited', status: 'DRAFT' },
      { slug: 'never-edited' },
      '2026-04-02T00:00:00Z',
      'publish',
    );
    await runMigrations(database);

    const kept = await queryRows<{ slug: string; brand_id: string }>(
      db,
      sql`select slug, brand_id from brand_previous_slugs order by slug`,
    );
    expect(kept).toEqual([
      { slug: 'lantern', brand_id: first.id },
      { slug: 'lantern-house', brand_id: first.id },
      { slug: 'shared', brand_id: second.id },
    ]);
  });
});

describe('migration 0041: only the slugs brands gave up while published', () => {
  it('drops the slugs brands gave up as drafts, kept by 0040 or by edits since, and gives a slug back to the published brand that gave it up', async () => {
    await database?.close();
    database = await createTestDatabase({ migrationsFolder: migrationsUpTo('0039_previous-password-hash') });
    const db = database.db;
    const owl = await insertBrand(db, { slug: 'owl-records' });
    const fox = await insertBrand(db, { slug: 'fox-now' });
    const moth = await insertBrand(db, { slug: 'moth-now' });
    const edit = async (brandId: string, before: object, after: object, at: string) =>
      db.execute(sql`insert into audit_log (id, actor_user_id, action, entity_type, entity_id, before, after, created_at)
                     values (${newId()}, null, 'update', 'brand', ${brandId}, ${JSON.stringify(before)}::jsonb,
                             ${JSON.stringify(after)}::jsonb, ${at})`);
    // Owl went by working names as a draft, one of them a slug Fox had given up while published, and changed its slug
    // once more after it was published.
    await edit(owl.id, { slug: 'project-owl', status: 'DRAFT' }, { slug: 'owl-draft' }, '2026-01-01T00:00:00Z');
    await edit(fox.id, { slug: 'shared', status: 'PUBLISHED' }, { slug: 'fox-now' }, '2026-01-10T00:00:00Z');
    await edit(owl.id, { slug: 'owl-draft', status: 'DRAFT' }, { slug: 'shared' }, '2026-01-12T00:00:00Z');
    await edit(owl.id, { slug: 'shared', status: 'DRAFT' }, { slug: 'owl' }, '2026-01-15T00:00:00Z');
    await edit(owl.id, { slug: 'owl', status: 'PUBLISHED' }, { slug: 'owl-records' }, '2026-02-01T00:00:00Z');
    await runMigrations(database, migrationsUpTo('0040_brand-previous-slugs'));
    // A draft's slug change since 0040, as update-brand.ts kept it then.
    await edit(moth.id, { slug: 'moth-working', status: 'DRAFT' }, { slug: 'moth-now' }, '2026-03-01T00:00:00Z');
    await db.execute(sql`insert into brand_previous_slugs (slug, brand_id, replaced_at)
                         values ('moth-working', ${moth.id}, '2026-03-01T00:00:00Z')`);
    await runMigrations(database);

    const kept = await queryRows<{ slug: string; brand_id: string }>(
      db,
      sql`select slug, brand_id from brand_previous_slugs order by slug`,
    );
    expect(kept).toEqual([
      { slug: 'owl', brand_id: owl.id },
      { slug: 'shared', brand_id: fox.id },
    ]);
  });
});

describe('migration 0043: the slugs brands were unpublished with', () => {
  it('keeps the slug a brand was published by and gave up as a draft after an unpublishing, unless a brand the public saw by it later holds it', async () => {
    await database?.close();
    database = await createTestDatabase({
      migrationsFolder: migrationsUpTo('0041_brand-previous-slugs-published-only'),
    });
    const db = database.db;
    const lumen = await insertBrand(db, { slug: 'lumen-studio', status: 'DRAFT' });
    const pine = await insertBrand(db, { slug: 'pine-now', status: 'DRAFT' });
    const cedar = await insertBrand(db, { slug: 'cedar-now' });
    const change = async (brandId: string, action: string, before: object, after: object, at: string) =>
      db.execute(sql`insert into audit_log (id, actor_user_id, action, entity_type, entity_id, before, after, created_at)
                     values (${newId()}, null, ${action}, 'brand', ${brandId}, ${JSON.stringify(before)}::jsonb,
                             ${JSON.stringify(after)}::jsonb, ${at})`);
    const draft = { status: 'DRAFT' };
    const published = { status: 'PUBLISHED' };
    // Lumen was published as "lumen", unpublished, then renamed twice as a draft.
    await change(
      lumen.id,
      'publish',
      { slug: 'lumen', ...draft },
      { slug: 'lumen', ...published },
      '2026-01-01T00:00:00Z',
    );
    await change(
      lumen.id,
      'unpublish',
      { slug: 'lumen', ...published },
      { slug: 'lumen', ...draft },
      '2026-01-02T00:00:00Z',
    );
    await change(
      lumen.id,
      'update',
      { slug: 'lumen', ...draft },
      { slug: 'lumen-working', ...draft },
      '2026-01-03T00:00:00Z',
    );
    await change(
      lumen.id,
      'update',
      { slug: 'lumen-working', ...draft },
      { slug: 'lumen-studio', ...draft },
      '2026-01-04T00:00:00Z',
    );
    // Pine did the same as "pine"; Cedar took "pine" after it and gave it up while published: Cedar's it stays.
    await change(
      pine.id,
      'unpublish',
      { slug: 'pine', ...published },
      { slug: 'pine', ...draft },
      '2026-02-01T00:00:00Z',
    );
    await change(pine.id, 'update', { slug: 'pine', ...draft }, { slug: 'pine-now', ...draft }, '2026-02-02T00:00:00Z');
    await change(
      cedar.id,
      'update',
      { slug: 'pine', ...published },
      { slug: 'cedar-now', ...published },
      '2026-03-01T00:00:00Z',
    );
    // As update-brand.ts kept it then.
    await db.execute(sql`insert into brand_previous_slugs (slug, brand_id, replaced_at)
                         values ('pine', ${cedar.id}, '2026-03-01T00:00:00Z')`);
    await runMigrations(database);

    const kept = await queryRows<{ slug: string; brand_id: string }>(
      db,
      sql`select slug, brand_id from brand_previous_slugs order by slug`,
    );
    expect(kept).toEqual([
      { slug: 'lumen', brand_id: lumen.id },
      { slug: 'pine', brand_id: cedar.id },
    ]);
  });
});

describe('migration 0045: payments for review', () => {
  it('lists the payments held before it, their amount unknown and open, and leaves the others out', async () => {
    await database?.close();
    database = await createTestDatabase({ migrationsFolder: migrationsUpTo('0044_payment-event-account-deleted') });
    const db = database.db;
    // As 0044's apply-payment-event.ts wrote them: no amount, no currency, nothing resolved.
    await db.execute(sql`insert into payment_events (provider, event_id, event_type, deposit_id, received_at, review_reason)
                         values ('card', 'evt_old_held', 'payment.succeeded', null, '2026-01-01T00:00:00Z', 'unknown_reference'),
                                ('card', 'evt_old_applied', 'payment.failed', null, '2026-01-02T00:00:00Z', null)`);

    await runMigrations(database);

    const page = await listPaymentReviews(db, { page: 1, size: 20, state: 'open' });
    expect(page).toEqual({
      items: [
        {
          provider: 'card',
          eventId: 'evt_old_held',
          reason: 'unknown_reference',
          received: null,
          deposit: null,
          user: null,
          receivedAt: '2026-01-01T00:00:00.000Z',
          resolution: null,
        },
      ],
      page: 1,
      size: 20,
      total: 1,
    });
  });
});

describe('migration 0048: passes and fusions start as drafts', () => {
  it('keeps every pass and fusion made before it public: published, when it was made', async () => {
    await database?.close();
    database = await createTestDatabase({ migrationsFolder: migrationsUpTo('0047_withdrawal-payout-reference') });
    const db = database.db;
    const brand = await insertBrand(db);
    const result = await insertProduct(db, brand.id);
    const [passId, fusionId] = [newId(), newId()];
    // As 0047's create-pass.ts and write-fusion.ts wrote them: public from the start, no status of their own.
    await db.execute(sql`insert into passes (id, brand_id, name, description, image_url, benefits, supply, price,
                           sale_begin_at, sale_end_at, valid_from, valid_until, created_at, updated_at)
                         values (${passId}, ${brand.id}, 'Old Pass', '', '/uploads/p.png', '[]', 3, 100,
                           '2026-01-01T00:00:00Z', '2026-02-01T00:00:00Z', '2026-01-01T00:00:00Z',
                           '2026-03-01T00:00:00Z', '2026-01-01T00:00:00Z', '2026-01-02T00:00:00Z')`);
    await db.execute(sql`insert into fusions (id, brand_id, name, description, image_url, begin_at, end_at,
                           result_product_id, result_supply, created_at, updated_at)
                         values (${fusionId}, ${brand.id}, 'Old Fusion', '', '/uploads/f.png', '2026-01-01T00:00:00Z',
                           '2026-02-01T00:00:00Z', ${result!.id}, 2, '2026-01-03T00:00:00Z', '2026-01-04T00:00:00Z')`);

    await runMigrations(database);

    const rows = await queryRows<{ id: string; status: string; published_at: Date | string }>(
      db,
      sql`select id, status, published_at from passes union all select id, status, published_at from fusions order by id`,
    );
    expect(rows.map((row) => ({ ...row, published_at: new Date(row.published_at).toISOString() }))).toEqual([
      { id: passId, status: 'PUBLISHED', published_at: '2026-01-01T00:00:00.000Z' },
      { id: fusionId, status: 'PUBLISHED', published_at: '2026-01-03T00:00:00.000Z' },
    ]);
    // One made after it is a draft.
    await db.execute(sql`insert into passes (id, brand_id, name, description, image_url, benefits, supply, price,
                           sale_begin_at, sale_end_at, valid_from, valid_until, created_at, updated_at)
                         values (${newId()}, ${brand.id}, 'New Pass', '', '/uploads/p.png', '[]', 3, 100, now(),
                           now() + interval '1 day', now(), now() + interval '2 days', now(), now())`);
    const [made] = await queryRows<{ status: string }>(db, sql`select status from passes where name = 'New Pass'`);
    expect(made!.status).toBe('DRAFT');
  });
});

describe('migration 0051: a raffle round has no waiting room', () => {
  it('removes the room and its entries from raffle rounds saved with both, audited, and keeps other rounds’ rooms', async () => {
    await database?.close();
    database = await createTestDatabase({ migrationsFolder: migrationsUpTo('0050_ticket-kinds-max-per-order') });
    const db = database.db;
    // The drop is published through today's code, which reads a product's animation_url (0052) and its generative
    // artwork (product_artworks, 0056): they are there while it runs, and gone again before the migrations go on, as
    // on a database at 0050.
    await db.execute(sql`alter table products add column animation_url text`);
    await db.execute(sql`create table product_artworks (product_id uuid, serial_number int, resource_uri text)`);
    const drop = await insertLiveDrop(db, { rounds: [{ packCount: 2 }, { packCount: 2 }] });
    await db.execute(sql`drop table product_artworks`);
    await db.execute(sql`alter table products drop column animation_url`);
    const [raffle, plain] = [drop.policies[0]!, drop.policies[1]!];
    const person = newId();
    await db.execute(sql`insert into users (id, email, status, created_at, updated_at)
                         values (${person}, ${`queued.${person}@example.com`}, 'ACTIVE', now(), now())`);
    // As the console before 0051 could leave them: a raffle set on a round that had a room, both rounds with a room.
    await db.execute(sql`insert into raffle_rounds (policy_id, drop_id, registration_opens_at, registration_closes_at,
                           places, is_free_for_pass_holders, tickets_on_loss, purchase_window_minutes, seed_cipher,
                           commitment, created_at, updated_at)
                         values (${raffle.id}, ${drop.dropId}, now() - interval '2 hours', now() - interval '1 hour',
                           1, false, 'KEPT', 60, 'v1.x', 'c', now(), now())`);
    for (const policy of [raffle, plain]) {
      await db.execute(sql`insert into waiting_rooms (policy_id, opens_minutes_before, admit_per_minute,
                             token_ttl_seconds, created_at, updated_at)
                           values (${policy.id}, 30, 100, 600, now(), now())`);
      await db.execute(sql`insert into waiting_room_entries (policy_id, user_id, draw_key, joined_at)
                           values (${policy.id}, ${person}, ${`key-${policy.id}`}, now())`);
    }

    await runMigrations(database);

    const rooms = await queryRows<{ policy_id: string }>(db, sql`select policy_id from waiting_rooms`);
    const entries = await queryRows<{ policy_id: string }>(db, sql`select policy_id from waiting_room_entries`);
    expect(rooms).toEqual([{ policy_id: plain.id }]);
    expect(entries).toEqual([{ policy_id: plain.id }]);
    const audits = await queryRows<{
      actor_user_id: string | null;
      entity_id: string;
      before: unknown;
      after: unknown;
    }>(db, sql`select actor_user_id, entity_id, before, after from audit_log where entity_type = 'drop'`);
    expect(audits).toEqual([
      {
        actor_user_id: null,
        entity_id: drop.dropId,
        before: { round: 1, waitingRoom: { opensMinutesBefore: 30, admitPerMinute: 100 } },
        after: { round: 1, waitingRoom: null, reason: 'A raffle round has no waiting room: only its winners buy.' },
      },
    ]);
  });
});

describe('migration 0055: every purchase of a pass counted', () => {
  it('counts what each person bought or holds of each pass, from their orders, and leaves rounds’ counts alone', async () => {
    await database?.close();
    database = await createTestDatabase({ migrationsFolder: migrationsUpTo('0054_mfa-challenges-reauthentication') });
    const db = database.db;
    const brand = await insertBrand(db);
    const [unlimited, onceLimited, round] = [newId(), newId(), newId()];
    for (const id of [unlimited, onceLimited]) {
      await db.execute(sql`insert into passes (id, brand_id, name, description, image_url, benefits, supply, price,
                             per_person_limit, sale_begin_at, sale_end_at, valid_from, valid_until, status,
                             published_at, created_at, updated_at)
                           values (${id}, ${brand.id}, 'Pass', '', '/uploads/pass.png', '[]'::jsonb, 20, 1000, null,
                             now(), now() + interval '1 day', now(), now() + interval '2 days', 'PUBLISHED', now(),
                             now(), now())`);
    }
    const [ada, bob] = [newId(), newId()];
    for (const id of [ada, bob]) {
      await db.execute(sql`insert into users (id, email, status, created_at, updated_at)
                           values (${id}, ${`buyer.${id}@example.com`}, 'ACTIVE', now(), now())`);
    }
    const order = (userId: string, passId: string, quantity: number, status: string, paymentMethod = 'BALANCE') =>
      db.execute(sql`insert into orders (id, user_id, item_kind, item_id, quantity, payment_method, status, unit_price,
                       subtotal, service_fee, total, currency, created_at, updated_at)
                     values (${newId()}, ${userId}, 'PASS', ${passId}, ${quantity}, ${paymentMethod}, ${status}, 1000,
                       ${quantity * 1000}, 0, ${quantity * 1000}, 'USD', now(), now())`);
    // As the code before 0055 left them: a pass without a limit counted nothing; one whose limit was taken off counted
    // only what was bought while it had one.
    await order(ada, unlimited, 3, 'SUCCESSFUL');
    await order(ada, unlimited, 1, 'PENDING', 'CARD');
    await order(ada, unlimited, 2, 'FAILED', 'CARD');
    await order(bob, unlimited, 1, 'TIMED_OUT', 'TILIA');
    await order(ada, onceLimited, 1, 'SUCCESSFUL');
    await order(ada, onceLimited, 4, 'SUCCESSFUL');
    await order(bob, onceLimited, 1, 'FAILED', 'CARD');
    await db.execute(sql`insert into purchase_allowances (item_id, user_id, purchased)
                         values (${onceLimited}, ${ada}, 1), (${onceLimited}, ${bob}, 1), (${round}, ${bob}, 2)`);

    await runMigrations(database);

    const counts = await queryRows<{ item_id: string; user_id: string; purchased: number }>(
      db,
      sql`select item_id, user_id, purchased from purchase_allowances`,
    );
    expect(counts).toHaveLength(4);
    expect(counts).toEqual(
      expect.arrayContaining([
        { item_id: unlimited, user_id: ada, purchased: 4 },
        { item_id: onceLimited, user_id: ada, purchased: 5 },
        { item_id: onceLimited, user_id: bob, purchased: 0 },
        { item_id: round, user_id: bob, purchased: 2 },
      ]),
    );
  });
});
