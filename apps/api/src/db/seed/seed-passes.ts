import { eq } from 'drizzle-orm';
import { ZCreatePassRequest } from '@cypher/contract';
import { DAY_MS } from '../../lib/clock.ts';
import { brands } from '../../modules/catalog/catalog.tables.ts';
import { createPass } from '../../modules/passes/create-pass.ts';
import { publishPass } from '../../modules/passes/publish-pass.ts';
import { productArtwork } from './demo-artwork.ts';
import { renderImage } from './seed-catalog.ts';
import type { SeedDeps } from './seed-demo.ts';

const MINUTE_MS = 60 * 1000;

/** The demo pass: on sale from a minute before seeding for 60 days, valid for 90. Browser journeys rely on its name. */
export const demoPass = {
  brand: 'neon-arcade',
  name: 'Neon Season Pass',
  description:
    'A season in the arcade: while it is valid, the pass opens the Neon Arcade rounds kept for its holders, so you are first in line for the drops it names.',
  benefits: [
    'Opens the Neon Arcade rounds kept for Season Pass holders',
    'Valid for 90 days from the start of the season',
    'Early word of new Neon Arcade drops',
  ],
  supply: 500,
  /** USD cents. */
  price: 2_500,
  perPersonLimit: 2,
} as const;

/**
 * The demo pass, made the way an operator makes one: the console's request schema, createPass, then publishPass, so
 * its units are issued by the same code as any pass's.
 */
export async function seedPasses({ database, clock, storage }: SeedDeps): Promise<void> {
  const db = database.db;
  const now = clock.now().getTime();
  const at = (offset: number) => new Date(now + offset).toISOString();
  const [brand] = await db.select({ id: brands.id }).from(brands).where(eq(brands.slug, demoPass.brand));
  if (!brand) throw new Error(`demo pass ${demoPass.name}: no brand ${demoPass.brand}`);
  const imageUrl = await renderImage(
    storage,
    'pass-neon-season',
    productArtwork(`pass:${demoPass.name}`, 'LEGENDARY').svg,
  );
  const request = ZCreatePassRequest.parse({
    brandId: brand.id,
    name: demoPass.name,
    description: demoPass.description,
    imageUrl,
    benefits: [...demoPass.benefits],
    supply: demoPass.supply,
    price: demoPass.price,
    perPersonLimit: demoPass.perPersonLimit,
    // A minute in the past, so the pass is on sale (and valid) the moment the server is up.
    saleBeginAt: at(-MINUTE_MS),
    saleEndAt: at(60 * DAY_MS),
    validFrom: at(-MINUTE_MS),
    validUntil: at(90 * DAY_MS),
  });
  const pass = await createPass({ db, clock }, null, request);
  await publishPass({ db, clock }, null, pass.id);
}
