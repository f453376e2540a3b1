import type { TConsoleDrop } from '@cypher/contract';
import { formatCount, formatCountOf } from '../../../lib/format.ts';
import styles from './drops.module.css';

/**
 * "Publishing… 34,000 of 100,000 packs" over a bar: how far a drop's publication has written its packs. The figure is
 * read again every few seconds while the drop is PUBLISHING (get-console-drop.ts, list-console-drops.ts).
 */
export function PublicationProgress({
  publication,
  isCompact = false,
}: {
  publication: NonNullable<TConsoleDrop['publication']>;
  /** A list cell, beside the status badge: the figures alone, in the cell's own size, over a thinner bar. */
  isCompact?: boolean;
}) {
  const { packsWritten, packTotal } = publication;
  const share = packTotal > 0 ? Math.min(1, packsWritten / packTotal) : 0;
  const text = `${formatCount(packsWritten)} of ${formatCountOf(packTotal, 'pack')}`;
  return (
    // Spans throughout: a list shows it inside a table cell's inline content.
    <span className={isCompact ? `${styles.progress} ${styles.progressCompact}` : styles.progress}>
      {isCompact ? (
        // Beside a "Publishing" badge, in the style of the list's "6 / 100 sold".
        <span className={styles.progressText}>
          {formatCount(packsWritten)} / {formatCount(packTotal)} packs written
        </span>
      ) : (
        <span className={styles.progressText}>
          Publishing… <span className={styles.progressFigures}>{text}</span>
        </span>
      )}
      <span
        className={styles.progressBar}
        role="progressbar"
        aria-label="Packs written"
        aria-valuemin={0}
        aria-valuemax={packTotal}
        aria-valuenow={packsWritten}
        aria-valuetext={text}
      >
        <span style={{ width: `${share * 100}%` }} />
      </span>
    </span>
  );
}
