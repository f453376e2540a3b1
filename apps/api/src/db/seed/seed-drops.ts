import { and, eq, inArray } from 'drizzle-orm';
import { ZConsoleDropRequest } from '@cypher/contract';
import { idleJobQueue } from '../../jobs/job-queue.ts';
import { brands, products } from '../../modules/catalog/catalog.tables.ts';
import { createDrop } from '../../modules/drops/create-drop.ts';
import { salePolicies } from '../../modules/drops/drops.tables.ts';
import { publishDrop } from '../../modules/drops/publish-drop.ts';
import type { TPublicationSizes } from '../../modules/drops/write-drop-packs.ts';
import { waitingRooms } from '../../modules/drops/waiting-room/waiting-room.tables.ts';
import { productArtwork } from './demo-artwork.ts';
import { demoDrops } from './demo-drops.ts';
import { renderImage } from './seed-catalog.ts';
import type { SeedDeps } from './seed-demo.ts';

/**
 * The demo drops (demo-drops.ts), made the way an operator makes them: the console's request schema, createDrop, then
 * publishDrop, so the seeded packs, editions and commitments come from the same code as any published drop. A round's
 * waiting room is written to its table as the console's PUT would write it (no operator to audit here).
 */
/** The demo's drops are small: each is written in the call, whatever the configured limit (the seed has no jobs). */
const DEMO_PUBLICATION: TPublicationSizes = { inlineMaxEditions: Number.POSITIVE_INFINITY, batchEditions: 10_000 };

export async function seedDrops({ database, clock, storage, seedKey }: SeedDeps): Promise<void> {
  const db = database.db;
  const now = clock.now().getTime();
  const at = (offset: number) => new Date(now + offset).toISOString();
  for (const demo of demoDrops) {
    const [brand] = await db.select({ id: brands.id }).from(brands).where(eq(brands.slug, demo.brand));
    if (!brand) throw new Error(`demo drop ${demo.name}: no brand ${demo.brand}`);
    const names = Object.keys(demo.contents);
    const found = await db
      .select({ id: products.id, name: products.name })
      .from(products)
      .where(inArray(products.name, names));
    const imageUrl = await renderImage(storage, `drop-${demo.brand}`, productArtwork(`drop:${demo.name}`, 'EPIC').svg);
    const request = ZConsoleDropRequest.parse({
      brandId: brand.id,
      name: demo.name,
      description: demo.description,
      imageUrl,
      visibleAt: at(demo.visibleIn),
      dropBeginAt: at(demo.beginsIn),
      dropEndAt: at(demo.endsIn),
      editionsPerPack: demo.editionsPerPack,
      contents: names.map((name) => {
        const product = found.find((candidate) => candidate.name === name);
        if (!product) throw new Error(`demo drop ${demo.name}: no product ${name}`);
        return { productId: product.id, editionCount: demo.contents[name]! };
      }),
      rounds: demo.rounds.map((round, index) => ({
        round: index + 1,
        saleBeginAt: at(round.beginsIn),
        saleEndAt: at(round.endsIn),
        price: round.price,
        perPersonLimit: round.perPersonLimit,
        packCount: round.packCount,
        whitelist: round.whitelist,
      })),
    });
    // Published no later than it became visible, as an operator would have: its editions are minted then, so an
    // edition's history never shows it minted after the demo's purchases of it (made in the drop's first minute).
    const publishedAt = new Date(Math.min(now, Date.parse(request.visibleAt)));
    const publishClock = { now: () => publishedAt };
    const draft = await createDrop({ db, clock: publishClock }, null, request);
    await publishDrop(
      { db, clock: publishClock, seedKey, jobs: idleJobQueue, publication: DEMO_PUBLICATION },
      null,
      draft.id,
    );
    for (const [index, round] of demo.rounds.entries()) {
      if (!round.waitingRoom) continue;
      const [policy] = await db
        .select({ id: salePolicies.id })
        .from(salePolicies)
        .where(and(eq(salePolicies.dropId, draft.id), eq(salePolicies.round, index + 1)));
      const createdAt = clock.now();
      await db
        .insert(waitingRooms)
        .values({ policyId: policy!.id, ...round.waitingRoom, createdAt, updatedAt: createdAt });
    }
  }
}
