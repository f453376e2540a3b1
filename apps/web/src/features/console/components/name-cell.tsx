import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { FixedWidthImage } from '../../../ui/fixed-width-image.tsx';
import styles from './entries-table.module.css';

/** A row's thumbnail (entries-table.module.css `.thumb`, `.wideThumb`). */
const THUMB_WIDTH = 36;
const WIDE_THUMB_WIDTH = 96;

interface NameCellProps {
  to: string;
  name: string;
  imageUrl?: string | null;
  /** Banners are wide; everything else is square. */
  isWide?: boolean;
}

/**
 * A console row's name: a thumbnail (when there is one) and a link to edit the entry. The thumbnail is the variant that
 * covers its 36 px (96 for a banner), not the upload: a list of banners and logos downloaded every original.
 */
export function NameCell({ to, name, imageUrl, isWide }: NameCellProps) {
  return (
    <span className={styles.nameCell}>
      {imageUrl !== undefined ? (
        imageUrl ? (
          <FixedWidthImage
            className={`${styles.thumb} ${isWide ? styles.wideThumb : ''}`}
            src={imageUrl}
            shownWidth={isWide ? WIDE_THUMB_WIDTH : THUMB_WIDTH}
            loading="lazy"
          />
        ) : (
          <span className={`${styles.thumb} ${isWide ? styles.wideThumb : ''}`} aria-hidden="true" />
        )
      ) : null}
      <Link to={to}>{name}</Link>
    </span>
  );
}

export function MutedText({ children }: { children: ReactNode }) {
  return <span className={styles.muted}>{children}</span>;
}
