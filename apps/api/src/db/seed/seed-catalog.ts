import { createHash } from 'node:crypto';
import sharp from 'sharp';
import type { FileStorage } from '../../adapters/storage/storage.ts';
import { DAY_MS } from '../../lib/clock.ts';
import { newId } from '../../lib/ids.ts';
import {
  banners,
  brands,
  categories,
  collections,
  licenses,
  productArtworks,
  productTags,
  products,
  tags,
} from '../../modules/catalog/catalog.tables.ts';
import { uploadUrl } from '../../modules/media/store-image.ts';
import { inTransaction } from '../transaction.ts';
import { brandLogo, productArtwork, wideBackdrop } from './demo-artwork.ts';
import {
  demoBanners,
  demoBrands,
  demoCategories,
  demoGenerativeProducts,
  demoTags,
  editionSizeOf,
} from './demo-catalog.ts';
import type { SeedDeps } from './seed-demo.ts';

const HOUR_MS = 60 * 60 * 1000;

/**
 * Renders an SVG to WebP (PNG for a generative edition's artwork, which spec section 9 shows only as png, jpg or gif)
 * and stores it like an upload. The name carries a hash of the bytes: files are served as immutable, so changed
 * artwork must get a new name rather than hide behind a browser's cached copy.
 */
export async function renderImage(
  storage: FileStorage,
  label: string,
  svg: string,
  width?: number,
  format: 'webp' | 'png' = 'webp',
): Promise<string> {
  const image = sharp(Buffer.from(svg));
  const sized = width ? image.resize({ width }) : image;
  const bytes = await (format === 'png' ? sized.png() : sized.webp({ quality: 86 })).toBuffer();
  const key = `demo-${label}-${createHash('sha256').update(bytes).digest('hex').slice(0, 12)}.${format}`;
  await storage.put(key, bytes, `image/${format}`);
  return uploadUrl(key);
}

export function slugOf(name: string): string {
  return name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

/** Draws every picture first (sharp works on its own threads, in parallel), then writes all rows in one transaction. */
export async function seedCatalog({ database, clock, storage }: SeedDeps): Promise<void> {
  const now = clock.now();
  const allProducts = demoBrands.flatMap((brand) => brand.products.map((product) => ({ brand, product })));

  const [brandImages, collectionImages, productImages, bannerImages, editionArtworks] = await Promise.all([
    Promise.all(
      demoBrands.map(async (brand) => ({
        logoUrl: await renderImage(storage, `${brand.slug}-logo`, brandLogo(brand.name, brand.type)),
        bannerUrl: await renderImage(storage, `${brand.slug}-banner`, wideBackdrop(brand.name, 1440, 400)),
      })),
    ),
    Promise.all(
      demoBrands.flatMap((brand) =>
        brand.collections.map((collection) =>
          renderImage(
            storage,
            slugOf(collection.name),
            productArtwork(`collection:${collection.name}`, 'RARE', 600).svg,
          ),
        ),
      ),
    ),
    Promise.all(
      allProducts.map(async ({ product }) => {
        const art = productArtwork(product.name, product.rarity);
        const label = slugOf(product.name);
        return {
          art,
          imageUrl: await renderImage(storage, label, art.svg),
          imageThumbnailUrl: await renderImage(storage, `${label}-thumb`, art.svg, 400),
        };
      }),
    ),
    Promise.all(
      demoBanners.map((banner) =>
        renderImage(storage, `banner-${slugOf(banner.title)}`, wideBackdrop(banner.title, 1440, 480)),
      ),
    ),
    // A generative product's editions each get a picture of their own, drawn from the name and the serial number.
    Promise.all(
      allProducts.map(({ product }) =>
        demoGenerativeProducts.includes(product.name)
          ? Promise.all(
              Array.from({ length: editionSizeOf[product.rarity] }, (_, index) => {
                const serial = `${product.name} #${index + 1}`;
                return renderImage(storage, slugOf(serial), productArtwork(serial, product.rarity).svg, 600, 'png');
              }),
            )
          : [],
      ),
    ),
  ]);

  await inTransaction(database.db, async (tx) => {
    const categoryIds = new Map(demoCategories.map((category) => [category.slug, newId()]));
    const tagIds = new Map(demoTags.map((tag) => [tag.slug, newId()]));
    await tx.insert(categories).values(
      demoCategories.map((category, index) => ({
        id: categoryIds.get(category.slug)!,
        ...category,
        sortOrder: index,
        createdAt: now,
        updatedAt: now,
      })),
    );
    await tx
      .insert(tags)
      .values(demoTags.map((tag) => ({ id: tagIds.get(tag.slug)!, ...tag, createdAt: now, updatedAt: now })));

    // Brands, licenses and collections went live about a month ago; products follow over the weeks after.
    const launchedAt = new Date(now.getTime() - 35 * DAY_MS);
    const published = {
      status: 'PUBLISHED' as const,
      publishedAt: launchedAt,
      createdAt: launchedAt,
      updatedAt: launchedAt,
    };
    const brandIds = new Map<string, string>();
    const licenseIds = new Map<string, string>();
    const collectionIds = new Map<string, string>();
    let collectionIndex = 0;
    for (const [brandIndex, brand] of demoBrands.entries()) {
      const brandId = newId();
      brandIds.set(brand.slug, brandId);
      const { licenses: brandLicenses, collections: brandCollections, products: _products, ...fields } = brand;
      await tx.insert(brands).values({ id: brandId, ...fields, ...brandImages[brandIndex]!, ...published });
      for (const license of brandLicenses) {
        const licenseId = newId();
        licenseIds.set(license.name, licenseId);
        await tx
          .insert(licenses)
          .values({ id: licenseId, brandId, ...license, imageUrl: brandImages[brandIndex]!.logoUrl, ...published });
      }
      for (const [sortOrder, collection] of brandCollections.entries()) {
        const collectionId = newId();
        collectionIds.set(collection.name, collectionId);
        await tx.insert(collections).values({
          id: collectionId,
          brandId,
          licenseId: collection.license ? licenseIds.get(collection.license)! : null,
          name: collection.name,
          description: collection.description,
          imageUrl: collectionImages[collectionIndex]!,
          sortOrder,
          ...published,
        });
        collectionIndex += 1;
      }
    }

    // Products arrive brand by brand in turns, so "newest first" mixes brands the way a live catalogue does.
    const productsPerBrand = Math.max(...demoBrands.map((brand) => brand.products.length));
    const productRows = allProducts.map(({ brand, product }, index) => {
      const turn = (index % productsPerBrand) * demoBrands.length + demoBrands.indexOf(brand);
      const createdAt = new Date(launchedAt.getTime() + DAY_MS + turn * 22 * HOUR_MS);
      const collection = brand.collections.find((candidate) => candidate.name === product.collection);
      const { art, ...images } = productImages[index]!;
      return {
        id: newId(),
        brandId: brandIds.get(brand.slug)!,
        collectionId: collectionIds.get(product.collection)!,
        licenseId: collection?.license ? licenseIds.get(collection.license)! : null,
        categoryId: categoryIds.get(product.category)!,
        name: product.name,
        description: product.description,
        rarity: product.rarity,
        ...images,
        properties: [
          { traitType: 'Background', value: art.palette },
          { traitType: 'Motif', value: art.motif },
          { traitType: 'Frame', value: art.frame },
          { traitType: 'Series', value: product.collection },
        ],
        editionSize: editionSizeOf[product.rarity],
        status: 'PUBLISHED' as const,
        publishedAt: createdAt,
        createdAt,
        updatedAt: createdAt,
      };
    });
    await tx.insert(products).values(productRows);
    const artworkRows = productRows.flatMap((row, index) =>
      editionArtworks[index]!.map((resourceUri, serial) => ({
        productId: row.id,
        serialNumber: serial + 1,
        resourceUri,
      })),
    );
    if (artworkRows.length > 0) await tx.insert(productArtworks).values(artworkRows);
    const tagRows = allProducts.flatMap(({ product }, index) =>
      product.tags.map((slug) => ({ productId: productRows[index]!.id, tagId: tagIds.get(slug)! })),
    );
    await tx.insert(productTags).values(tagRows);

    await tx.insert(banners).values(
      demoBanners.map((banner, index) => ({
        id: newId(),
        title: banner.title,
        subtitle: banner.subtitle,
        imageUrl: bannerImages[index]!,
        linkUrl: banner.linkUrl,
        placement: 'HOME' as const,
        sortOrder: index,
        status: banner.isPublished ? ('PUBLISHED' as const) : ('DRAFT' as const),
        publishedAt: banner.isPublished ? launchedAt : null,
        createdAt: launchedAt,
        updatedAt: launchedAt,
      })),
    );
  });
}
