import type { ImgHTMLAttributes } from 'react';
import { fixedWidthImage, uploadSrcSet } from '@cypher/contract';

interface FixedWidthImageProps extends Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'srcSet' | 'sizes'> {
  src: string;
  /** The widest its CSS shows it, in CSS pixels. */
  shownWidth: number;
}

/**
 * A stored picture shown small at a fixed width (a thumbnail beside a name): asked for as the variant that covers that
 * width (`srcset` + `sizes`), not as its original, which an operator may have uploaded at up to 2400 px. Pictures
 * stored elsewhere are asked for as they are.
 */
export function FixedWidthImage({ src, shownWidth, alt = '', ...rest }: FixedWidthImageProps) {
  const image = fixedWidthImage(shownWidth);
  const srcSet = uploadSrcSet(src, image.largestVariant);
  return <img src={src} srcSet={srcSet} sizes={srcSet ? image.sizes : undefined} alt={alt} {...rest} />;
}
