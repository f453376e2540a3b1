import os from 'node:os';
import sharp, { type SharpOptions } from 'sharp';
import { imageVariantWidths, type TImageVariantWidth } from '@cypher/contract';
import type { FileStorage } from '../../adapters/storage/storage.ts';
import { imageKinds } from './image-kinds.ts';

/** Formats a variant is made from; anything else is served as it is. */
const RESIZABLE = new Set(['image/webp', 'image/png', 'image/jpeg', 'image/gif']);
/** Formats that may hold an animation: their variants keep every frame (an animated WebP), not only the first. */
const MAY_BE_ANIMATED = new Set(['image/webp', 'image/gif']);
/**
 * No upload is decoded above its kind's pixel limit (image-kinds.ts), so no stored original is larger than the largest
 * of them; one that is (put there some other way) is served as it is rather than decoded. For an animation the count
 * is every frame's (sharp counts width x height x frames when it decodes them all), so a long animation cannot take
 * the memory a huge still would be refused.
 */
const MAX_VARIANT_INPUT_PIXELS = Math.max(...Object.values(imageKinds).map((kind) => kind.maxInputPixels));

/**
 * A file made from an upload: one of its sizes (`-w<width>.webp`) or its thumbnail (`-thumb.webp`). Served as it is
 * when a size of it is asked for: sizes of sizes, which anyone could ask for without signing in, would store files
 * without end (`x-w1080-w800-w640…`) that no removal of the upload finds.
 */
const MADE_FROM_AN_UPLOAD = new RegExp(`-(?:w(?:${imageVariantWidths.join('|')})|thumb)\\.webp$`);

function variantKey(name: string, width: TImageVariantWidth): string {
  return `${name.replace(/\.[a-z0-9]+$/i, '')}-w${width}.webp`;
}

/** Every variant `name` may have: what must go with it when it is removed (an account's photos at deletion). */
export function imageVariantKeys(name: string): string[] {
  return imageVariantWidths.map((width) => variantKey(name, width));
}

interface StoredImage {
  key: string;
  bytes: Buffer;
  contentType: string;
}

/** Decodes `original` and encodes it `width` pixels wide as WebP: sharp, unless a test watches the work. */
type EncodeVariant = (original: Buffer, decode: SharpOptions, width: TImageVariantWidth) => Promise<Buffer>;

const encodeWithSharp: EncodeVariant = (original, decode, width) =>
  sharp(original, decode).resize({ width, withoutEnlargement: true }).webp({ quality: 80 }).toBuffer();

/**
 * Half the cores, at least one: a variant may decode 50 million pixels over an animation's frames, and the first
 * visitors of a page whose banner is animated ask for several widths at once, so the rest waits for a slot and the
 * other requests keep a core.
 */
const DEFAULT_VARIANT_SLOTS = Math.max(1, Math.floor(os.availableParallelism() / 2));

/** Runs at most `limit` pieces of work at once; the rest wait in order, and a finished one hands its slot on. */
function slots(limit: number) {
  let busy = 0;
  const waiting: (() => void)[] = [];
  return async function inSlot<T>(work: () => Promise<T>): Promise<T> {
    if (busy < limit) busy += 1;
    else await new Promise<void>((resolve) => waiting.push(resolve));
    try {
      return await work();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else busy -= 1;
    }
  };
}

export interface ImageVariants {
  /**
   * `name` at `width` pixels wide (never wider than the original), as WebP (an animated one, every frame resized, when
   * the original is an animated GIF or WebP): made on the first request and stored beside it
   * (`<name>-w<width>.webp`), so later requests read it like any upload. Null when there is no such image; the
   * original itself when it cannot be resized or is too large to decode.
   */
  variant(name: string, width: TImageVariantWidth): Promise<StoredImage | null>;
  /**
   * The key under which `name` at `width` is stored, made first if it is not yet: for a store browsers read directly
   * (S3_PUBLIC_URL), where the API only says where to look. Null when there is no such image.
   */
  storedKey(name: string, width: TImageVariantWidth): Promise<string | null>;
}

/** What making variants needs of the storage port: reading an original, and keeping and finding what is made. */
export type VariantStore = Pick<FileStorage, 'get' | 'put' | 'has'>;

/**
 * Variants of the images in `storage`, one maker per app (so per process). Requests for a variant not stored yet share
 * the one making it (a page's visitors arriving together would each start the same heavy decode), and at most
 * `slots` variants are decoded at once.
 */
export function imageVariants(
  storage: VariantStore,
  options: { slots?: number; encode?: EncodeVariant } = {},
): ImageVariants {
  const encode = options.encode ?? encodeWithSharp;
  const inSlot = slots(options.slots ?? DEFAULT_VARIANT_SLOTS);
  /** Variants being made, by key; removed once settled, so a failure is tried again by the next request. */
  const inFlight = new Map<string, Promise<StoredImage | null>>();

  /**
   * Makes and stores `name` at `width`, from the original; the original itself when it cannot be resized. Stored in
   * the storage port, so every instance (on every machine, with a bucket) finds it there afterwards. Two instances
   * making the same variant at once write the same bytes under the same key, and either write may stand.
   */
  async function makeVariant(name: string, width: TImageVariantWidth): Promise<StoredImage | null> {
    const original = await storage.get(name);
    if (!original) return null;
    if (!RESIZABLE.has(original.contentType)) return { key: name, ...original };
    const key = variantKey(name, width);
    const decode = { animated: MAY_BE_ANIMATED.has(original.contentType), limitInputPixels: MAX_VARIANT_INPUT_PIXELS };
    let bytes: Buffer;
    try {
      bytes = await inSlot(() => encode(original.bytes, decode, width));
    } catch (error) {
      if (error instanceof Error && /pixel limit/i.test(error.message)) return { key: name, ...original };
      throw error;
    }
    await storage.put(key, bytes, 'image/webp');
    return { key, bytes, contentType: 'image/webp' };
  }

  /** The one making of `key` under way, joined, or a new one. */
  function madeOnce(name: string, width: TImageVariantWidth): Promise<StoredImage | null> {
    const key = variantKey(name, width);
    const running = inFlight.get(key);
    if (running) return running;
    const making = makeVariant(name, width).finally(() => inFlight.delete(key));
    inFlight.set(key, making);
    return making;
  }

  return {
    async variant(name, width) {
      if (MADE_FROM_AN_UPLOAD.test(name)) {
        const made = await storage.get(name);
        return made ? { key: name, ...made } : null;
      }
      const key = variantKey(name, width);
      // Looked up in flight before and after the store: another request may have started it while this one read.
      const running = inFlight.get(key);
      if (running) return running;
      const stored = await storage.get(key);
      if (stored) return { key, ...stored };
      return madeOnce(name, width);
    },
    async storedKey(name, width) {
      if (MADE_FROM_AN_UPLOAD.test(name)) return (await storage.has(name)) ? name : null;
      const key = variantKey(name, width);
      const running = inFlight.get(key);
      if (running) return (await running)?.key ?? null;
      if (await storage.has(key)) return key;
      return (await madeOnce(name, width))?.key ?? null;
    },
  };
}
