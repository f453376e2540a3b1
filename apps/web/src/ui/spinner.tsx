import type { CSSProperties } from 'react';
import styles from './spinner.module.css';

interface SpinnerProps {
  /** CSS length; defaults to the current font size. */
  size?: string;
  /** Announced to screen readers; omit when the surrounding text already says what is happening. */
  label?: string;
}

export function Spinner({ size, label }: SpinnerProps) {
  const style = size ? ({ '--spinner-size': size } as CSSProperties) : undefined;
  return label ? (
    <span role="status" aria-label={label} className={styles.spinner} style={style} />
  ) : (
    <span aria-hidden="true" className={styles.spinner} style={style} />
  );
}
