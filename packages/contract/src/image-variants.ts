/**
 * Responsive images: the API serves any stored image at these widths too (`/uploads/<name>?w=640`, WebP, made once
 * and kept), so a page can let the browser pick the one that fits the screen (`srcset`) instead of sending a
 * 1440-pixel banner to a phone. Wider than the original, a variant is the original's size.
 */
export const imageVariantWidths = [320, 480, 640, 800, 1080, 1280] as const;
export type TImageVariantWidth = (typeof imageVariantWidths)[number];

export function isImageVariantWidth(value: number): value is TImageVariantWidth {
  return (imageVariantWidths as readonly number[]).includes(value);
}

/**
 * `srcset` for a stored image (`/uploads/...`): its variants up to `largestVariant`, each described by its own width;
 * other addresses get none. The original is never a candidate: its width is not known here (an operator's upload is
 * kept at up to 2400 px, media/image-kinds.ts), so naming it "800w" let a high-density screen download the whole upload
 * where a variant fits. A variant is never wider than its original, so for a smaller original the widest candidates
 * are that original's width: they only ever say more than the picture is, never less.
 */
export function uploadSrcSet(url: string, largestVariant: TImageVariantWidth): string | undefined {
  if (!url.startsWith('/uploads/') || url.includes('?')) return undefined;
  const widths = imageVariantWidths.filter((width) => width <= largestVariant);
  return widths.map((width) => `${url}?w=${width} ${width}w`).join(', ');
}

/**
 * A stored picture shown at a fixed width (a thumbnail beside a name): `sizes` says that width, and its variants go up
 * to the first that covers it on a 3x screen (a 72 px thumbnail: 320).
 */
export function fixedWidthImage(shownWidth: number): { sizes: string; largestVariant: TImageVariantWidth } {
  const largestVariant = imageVariantWidths.find((width) => width >= shownWidth * 3) ?? imageVariantWidths.at(-1)!;
  return { sizes: `${shownWidth}px`, largestVariant };
}

/**
 * A picture as wide as the content column at most (the `.container` of ui/global.css: 1200 px, less its gutter of
 * 16 px, 4vw or 32 px a side): the widest a page shows anything but the home page's carousel.
 */
const contentColumn = {
  sizes:
    '(min-width: 1264px) 1200px, (min-width: 800px) calc(100vw - 64px), (min-width: 400px) 92vw, calc(100vw - 32px)',
  largestVariant: 1280,
} as const;

/**
 * Stored pictures where they are shown: the size they are drawn at (the demo's artwork is made at it: the <img>'s
 * width and height), how wide they are shown (`sizes`, as their CSS lays them out) and the widest variant worth
 * offering (`largestVariant`: about the widest it is shown on a high-density screen). The web's <img> and the API's
 * preload hint in a page's HTML use the same values, so the browser fetches the preloaded candidate.
 */
export const responsiveImages = {
  /** The carousel spans the content column: 1200 px at most, the screen less its gutters below that. */
  homeBanner: {
    width: 1440,
    height: 480,
    sizes: '(min-width: 1264px) 1200px, calc(100vw - 32px)',
    largestVariant: 1280,
  },
  /**
   * The banner across the top of a brand's page and of a collector's profile (ui/identity-hero.tsx): the content
   * column. It is a brand page's largest paint, and its HTML preloads the same candidate (site/page-preloads.ts, and
   * React's own preload in the page rendered on the server).
   */
  heroBanner: { width: 1440, height: 400, ...contentColumn },
  /** The round picture overlapping that banner (a brand's logo, a collector's photo): 88 px, 120 px from 768 px. */
  heroPicture: { width: 120, height: 120, sizes: '(min-width: 768px) 120px, 88px', largestVariant: 480 },
  /**
   * Any other picture that spans the content column, or a form within it (a figure base's banner, the preview of an
   * uploaded banner or background): the column is the most it is shown at.
   */
  columnWideImage: contentColumn,
  /**
   * The artwork of a drop's, pass's, fusion's, product's or NFT's page (ui/artwork-layout.tsx): full width on a phone;
   * the left column (a little over half of 1200 px) from 960 px. 620 px on a 2x screen is 1240.
   */
  pageArtwork: {
    width: 800,
    height: 800,
    sizes: '(min-width: 960px) 620px, calc(100vw - 32px)',
    largestVariant: 1280,
  },
  /**
   * The same artwork smaller, where a list shows it. Never the original where a variant fits: Chrome picks a larger
   * candidate of a `srcset` when it already holds it, so a card that had shown a drop's original (then a candidate)
   * made the drop's page draw that original instead of the variant its HTML had preloaded, and the preload went
   * unused ("preloaded using link preload but not used within a few seconds"). Shown smaller than the page's
   * artwork, a card's pick is never larger than the page's at the same screen.
   *
   * A card in a grid (ui/card-grid.module.css): five to a row of at most 1200 px, four from 1024 px, three from 640,
   * two from 340, less the gaps and the card's padding.
   */
  cardArtwork: {
    width: 800,
    height: 800,
    sizes:
      '(min-width: 1200px) 216px, (min-width: 1024px) calc(25vw - 40px), (min-width: 640px) calc(33vw - 36px), ' +
      '(min-width: 340px) calc(50vw - 38px), calc(100vw - 48px)',
    largestVariant: 800,
  },
  /**
   * The home page's drop on sale (features/catalog/components/home-drops.module.css): beside its facts from 768 px, at
   * most 420 px tall and so wide; above them on a phone, the screen less the gutters and the card's padding.
   */
  spotlightArtwork: {
    width: 800,
    height: 800,
    sizes: '(min-width: 1264px) 420px, (min-width: 768px) 38vw, calc(100vw - 56px)',
    largestVariant: 800,
  },
  /**
   * A sealed pack's front in the pack dialog (ui/pack-dialog.module.css `.packFront`): 280 px at most, less inside a
   * phone's dialog. Smaller than the drop's page shows the same artwork, so never a larger pick than the page's.
   */
  packArtwork: { width: 360, height: 360, sizes: '(max-width: 360px) calc(100vw - 80px), 280px', largestVariant: 800 },
  /**
   * An edition revealed from a pack (`.editionGrid > li`, `.revealGrid`): a 164 px card less its padding, two to a
   * row on a phone (the dialog's padding and scrollbar taken off). Its own generated picture, when it has one.
   */
  packEditionArtwork: {
    width: 320,
    height: 320,
    sizes: '(max-width: 520px) calc(50vw - 74px), 148px',
    largestVariant: 480,
  },
  /** A fusion's result beside its facts (features/fusion/components/fusion-outcome.module.css): 320 px at most. */
  fusionArtwork: { width: 320, height: 320, sizes: '320px', largestVariant: 800 },
} as const;
