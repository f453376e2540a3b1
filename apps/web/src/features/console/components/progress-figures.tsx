import type { ReactNode } from 'react';
import styles from './grants.module.css';

interface ProgressFiguresProps {
  /** Names the bar for screen readers: "Codes used", "Delivered". */
  label: string;
  value: number;
  max: number;
  /** The figures in words, over the bar and for screen readers: "96 of 1,000 codes used". */
  text: string;
  /** Beside the figures: a state, a share. */
  aside?: ReactNode;
  isCompact?: boolean;
}

/** How far something has come (codes used, an airdrop delivered): the figures over a bar that fills. */
export function ProgressFigures({ label, value, max, text, aside, isCompact = false }: ProgressFiguresProps) {
  const share = max > 0 ? Math.min(1, value / max) : 0;
  return (
    <span className={isCompact ? `${styles.progress} ${styles.progressCompact}` : styles.progress}>
      <span className={styles.progressText}>
        <span>{text}</span>
        {aside ? <span className={styles.progressAside}>{aside}</span> : null}
      </span>
      <span
        className={styles.progressBar}
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={max}
        aria-valuenow={value}
        aria-valuetext={text}
      >
        <span style={{ width: `${share * 100}%` }} />
      </span>
    </span>
  );
}
