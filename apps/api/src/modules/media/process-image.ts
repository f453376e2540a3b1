import sharp, { type Metadata } from 'sharp';
import { AppError } from '../../http/app-error.ts';
import type { ImageKind } from './image-kinds.ts';
import { imageContentTypes, imageExtensions, sniffImageType, sniffVideoType, type ImageFormat } from '@cypher/contract';

export interface ProcessedImage {
  bytes: Buffer;
  format: ImageFormat;
  contentType: string;
  extension: string;
  width: number;
  height: number;
  thumbnail: { bytes: Buffer; width: number; height: number } | null;
}

function decodeFailure(error: unknown): AppError {
  const message = error instanceof Error ? error.message : String(error);
  if (/pixel limit/i.test(message)) return new AppError('IMAGE_DIMENSIONS_OUT_OF_RANGE', { cause: error });
  return new AppError('IMAGE_UNREADABLE', { cause: error });
}

/**
 * Decodes and re-encodes an upload, so what is stored was written by our encoder, not by the uploader: anything
 * hidden after the image data or in its metadata (EXIF with GPS, scripts in comments) is dropped, and the stored
 * bytes are exactly the format they claim to be. Animated GIF and WebP keep their frames.
 */
export async function processImage(input: Buffer, kind: ImageKind): Promise<ProcessedImage> {
  const format = sniffImageType(input);
  // A video sent to an image field is the mirror of an image sent to a video's (store-animation.ts), and answers so.
  if (!format && sniffVideoType(input)) throw new AppError('IMAGE_REQUIRED_IN_IMAGE_FIELD');
  if (!format || !kind.formats.includes(format)) throw new AppError('UNSUPPORTED_MIMETYPE');
  const decodeOptions = { limitInputPixels: kind.maxInputPixels, animated: format === 'gif' || format === 'webp' };

  let metadata: Metadata;
  try {
    metadata = await sharp(input, decodeOptions).metadata();
  } catch (error) {
    throw decodeFailure(error);
  }
  if (metadata.format !== format) throw new AppError('UNSUPPORTED_MIMETYPE');
  const isMultiFrame = (metadata.pages ?? 1) > 1;
  // EXIF orientations 5-8 turn the picture a quarter: the width a person sees is the stored height.
  const isTurned = (metadata.orientation ?? 1) >= 5;
  const frameHeight = metadata.pageHeight ?? metadata.height;
  const width = isTurned ? frameHeight : metadata.width;
  const height = isTurned ? metadata.width : frameHeight;
  if (width * height > kind.maxInputPixels) throw new AppError('IMAGE_DIMENSIONS_OUT_OF_RANGE');
  if ((kind.minWidth && width < kind.minWidth) || (kind.minHeight && height < kind.minHeight)) {
    throw new AppError('IMAGE_DIMENSIONS_OUT_OF_RANGE', {
      message: `This image is ${width}x${height} pixels; it must be at least ${kind.minWidth ?? 1}x${kind.minHeight ?? 1}.`,
    });
  }

  try {
    let pipeline = sharp(input, decodeOptions);
    if (!isMultiFrame) pipeline = pipeline.rotate();
    pipeline = pipeline.resize({
      width: kind.maxStoredSide,
      height: kind.maxStoredSide,
      fit: 'inside',
      withoutEnlargement: true,
    });
    pipeline =
      format === 'jpeg'
        ? pipeline.jpeg({ quality: 85, mozjpeg: true })
        : format === 'png'
          ? pipeline.png()
          : format === 'webp'
            ? pipeline.webp({ quality: 85 })
            : pipeline.gif();
    const { data, info } = await pipeline.toBuffer({ resolveWithObject: true });
    const thumbnail = kind.thumbnailSide ? await makeThumbnail(input, kind, kind.thumbnailSide) : null;
    return {
      bytes: data,
      format,
      contentType: imageContentTypes[format],
      extension: imageExtensions[format],
      width: info.width,
      height: info.pageHeight ?? info.height,
      thumbnail,
    };
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw decodeFailure(error);
  }
}

/** First frame only, WebP: thumbnails are for lists, where a still loads fastest. */
async function makeThumbnail(input: Buffer, kind: ImageKind, side: number) {
  const { data, info } = await sharp(input, { limitInputPixels: kind.maxInputPixels })
    .rotate()
    .resize({ width: side, height: side, fit: 'inside', withoutEnlargement: true })
    .webp({ quality: 80 })
    .toBuffer({ resolveWithObject: true });
  return { bytes: data, width: info.width, height: info.height };
}
