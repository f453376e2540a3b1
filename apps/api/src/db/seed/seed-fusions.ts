import { inArray } from 'drizzle-orm';
import { ZConsoleFusionRequest, type TFusionSlotRuleRequest, type TRarity } from '@cypher/contract';
import { custodialChain } from '../../adapters/chain/custodial-chain.ts';
import { DAY_MS, MINUTE_MS } from '../../lib/clock.ts';
import { brands, categories, collections, products } from '../../modules/catalog/catalog.tables.ts';
import { publishFusion } from '../../modules/fusions/publish-fusion.ts';
import { createFusion } from '../../modules/fusions/write-fusion.ts';
import { wideBackdrop } from './demo-artwork.ts';
import { renderImage, slugOf } from './seed-catalog.ts';
import type { SeedDeps } from './seed-demo.ts';

type DemoRule = { product: string } | { collection: string } | { rarity: TRarity };

interface DemoFusion {
  brand: string;
  category: string;
  name: string;
  description: string;
  beginsIn: number;
  endsIn: number;
  result: string;
  supply: number;
  slots: { name: string; requiredCount: number; rule: DemoRule }[];
}

/**
 * One fusion open now that the live drop's packs feed (a Squire and two more Genesis heroes make a Paladin), and one
 * opening in three days. Their supplies stay inside the result products' edition sizes next to the drops' editions.
 * The fusion journey (e2e/fusion-journey.spec.ts) relies on the first one's name and slots.
 */
const demoFusions: DemoFusion[] = [
  {
    brand: 'neon-arcade',
    category: 'characters',
    name: 'Knighting Ceremony',
    description:
      'Three heroes of the first kingdom kneel as squires and rise as one Pixel Knight Paladin. The heroes you burn are gone for good.',
    beginsIn: -MINUTE_MS,
    endsIn: 30 * DAY_MS,
    result: 'Pixel Knight Paladin',
    supply: 40,
    slots: [
      { name: 'The squire', requiredCount: 1, rule: { product: 'Pixel Knight Squire' } },
      { name: 'Two more heroes', requiredCount: 2, rule: { collection: 'Pixel Knights: Genesis' } },
    ],
  },
  {
    brand: 'neon-arcade',
    category: 'vehicles',
    name: 'Midnight Tune-up',
    description: 'Three Turbo Drift Coupes go into the garage; one Nightrunner comes out.',
    beginsIn: 3 * DAY_MS,
    endsIn: 17 * DAY_MS,
    result: 'Turbo Drift Nightrunner',
    supply: 10,
    slots: [{ name: 'Coupes', requiredCount: 3, rule: { product: 'Turbo Drift Coupe' } }],
  },
];

/**
 * The demo fusions, made the way an operator makes one: the console's request schema, createFusion, then
 * publishFusion, so their results are minted ahead by the same code as any fusion's. The demo runs on the custodial
 * registry.
 */
export async function seedFusions({ database, clock, storage }: SeedDeps): Promise<void> {
  const db = database.db;
  const now = clock.now().getTime();
  const [brandRows, categoryRows, collectionRows, productRows] = await Promise.all([
    db.select({ id: brands.id, slug: brands.slug }).from(brands),
    db.select({ id: categories.id, slug: categories.slug }).from(categories),
    db.select({ id: collections.id, name: collections.name }).from(collections),
    db
      .select({ id: products.id, name: products.name })
      .from(products)
      .where(
        inArray(
          products.name,
          demoFusions.flatMap((fusion) => [
            fusion.result,
            ...fusion.slots.flatMap((slot) => ('product' in slot.rule ? [slot.rule.product] : [])),
          ]),
        ),
      ),
  ]);
  const idOf = (what: string, pairs: [string, string][], name: string) => {
    const found = new Map(pairs).get(name);
    if (!found) throw new Error(`demo fusions: no ${what} ${name}`);
    return found;
  };
  const brandId = (slug: string) =>
    idOf(
      'brand',
      brandRows.map((row) => [row.slug, row.id]),
      slug,
    );
  const categoryId = (slug: string) =>
    idOf(
      'category',
      categoryRows.map((row) => [row.slug, row.id]),
      slug,
    );
  const collectionId = (name: string) =>
    idOf(
      'collection',
      collectionRows.map((row) => [row.name, row.id]),
      name,
    );
  const productId = (name: string) =>
    idOf(
      'product',
      productRows.map((row) => [row.name, row.id]),
      name,
    );
  const ruleOf = (rule: DemoRule): TFusionSlotRuleRequest => {
    if ('product' in rule) return { kind: 'PRODUCT', productId: productId(rule.product) };
    if ('collection' in rule) return { kind: 'COLLECTION', collectionId: collectionId(rule.collection) };
    return { kind: 'RARITY', rarity: rule.rarity };
  };

  for (const fusion of demoFusions) {
    const imageUrl = await renderImage(storage, `fusion-${slugOf(fusion.name)}`, wideBackdrop(fusion.name, 1200, 630));
    const request = ZConsoleFusionRequest.parse({
      brandId: brandId(fusion.brand),
      categoryId: categoryId(fusion.category),
      name: fusion.name,
      description: fusion.description,
      imageUrl,
      beginAt: new Date(now + fusion.beginsIn).toISOString(),
      endAt: new Date(now + fusion.endsIn).toISOString(),
      resultProductId: productId(fusion.result),
      resultSupply: fusion.supply,
      slots: fusion.slots.map((slot) => ({ ...slot, rule: ruleOf(slot.rule) })),
    });
    const draft = await createFusion({ db, clock }, null, request);
    await publishFusion({ db, clock, chain: custodialChain }, null, draft.id);
  }
}
