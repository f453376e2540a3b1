import { inArray } from 'drizzle-orm';
import type { TRarity } from '@cypher/contract';
import { newId } from '../../lib/ids.ts';
import { collections, products } from '../../modules/catalog/catalog.tables.ts';
import { figureBaseSlots, figureBases } from '../../modules/collection/collection.tables.ts';
import { inTransaction } from '../transaction.ts';
import { wideBackdrop } from './demo-artwork.ts';
import { renderImage, slugOf } from './seed-catalog.ts';
import type { SeedDeps } from './seed-demo.ts';

interface DemoSlot {
  name: string;
  product?: string;
  rarity?: TRarity;
}

/**
 * Display bases for the demo collections the live drop's packs draw from (so whatever a pack holds fits somewhere) and
 * one more: slots for named products, for a rarity, and for anything of the collection.
 */
const demoFigureBases: { collection: string; name: string; description: string; slots: DemoSlot[] }[] = [
  {
    collection: 'Pixel Knights: Genesis',
    name: 'Hall of Heroes',
    description: 'The round table of the first kingdom: a seat for each hero, and a perch for the dragon.',
    slots: [
      { name: 'Squire’s post', product: 'Pixel Knight Squire' },
      { name: 'Vanguard' },
      { name: 'Champion’s seat', rarity: 'RARE' },
      { name: 'Dragon’s perch', product: 'Dragon of the Eighth Bit' },
    ],
  },
  {
    collection: 'Turbo Drift Garage',
    name: 'Pit Lane',
    description: 'Line up your rides for the midnight race.',
    slots: [{ name: 'Pole position' }, { name: 'Second on the grid' }, { name: 'Showroom', rarity: 'EPIC' }],
  },
  {
    collection: 'Midnight Bloom',
    name: 'Tour Wall',
    description: 'Pin up your favourite nights of the Midnight Bloom tour.',
    slots: [{ name: 'Opening night' }, { name: 'Encore' }, { name: 'Closing night' }],
  },
];

export async function seedFigureBases({ database, clock, storage }: SeedDeps): Promise<void> {
  const now = clock.now();
  const images = await Promise.all(
    demoFigureBases.map((base) =>
      renderImage(storage, `figure-base-${slugOf(base.name)}`, wideBackdrop(base.name, 1200, 280)),
    ),
  );
  await inTransaction(database.db, async (tx) => {
    const collectionRows = await tx
      .select({ id: collections.id, name: collections.name, brandId: collections.brandId })
      .from(collections)
      .where(
        inArray(
          collections.name,
          demoFigureBases.map((base) => base.collection),
        ),
      );
    const productNames = demoFigureBases.flatMap((base) => base.slots.flatMap((slot) => slot.product ?? []));
    const productRows = await tx
      .select({ id: products.id, name: products.name })
      .from(products)
      .where(inArray(products.name, productNames));
    const collectionOf = new Map(collectionRows.map((row) => [row.name, row]));
    const productIdOf = new Map(productRows.map((row) => [row.name, row.id]));
    for (const [index, base] of demoFigureBases.entries()) {
      const collection = collectionOf.get(base.collection)!;
      const id = newId();
      await tx.insert(figureBases).values({
        id,
        brandId: collection.brandId,
        collectionId: collection.id,
        name: base.name,
        description: base.description,
        imageUrl: images[index]!,
        createdAt: now,
        updatedAt: now,
      });
      await tx.insert(figureBaseSlots).values(
        base.slots.map((slot, position) => ({
          id: newId(),
          figureBaseId: id,
          position,
          name: slot.name,
          productId: slot.product ? productIdOf.get(slot.product)! : null,
          rarity: slot.rarity ?? null,
        })),
      );
    }
  });
}
