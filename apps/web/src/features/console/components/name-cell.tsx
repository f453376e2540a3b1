import type { ReactNode } from 'react';
import { Link } from 'react-router';
import styles from './entries-table.module.css';

interface NameCellProps {
  to: string;
  name: string;
  imageUrl?: string | null;
  /** Banners are wide; everything else is square. */
  isWide?: boolean;
}

/** A console row's name: a thumbnail (when there is one) and a link to edit the entry. */
export function NameCell({ to, name, imageUrl, isWide }: NameCellProps) {
  return (
    <span className={styles.nameCell}>
      {imageUrl !== undefined ? (
        imageUrl ? (
          <img className={`${styles.thumb} ${isWide ? styles.wideThumb : ''}`} src={imageUrl} alt="" loading="lazy" />
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
