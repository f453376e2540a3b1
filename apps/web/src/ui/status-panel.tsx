import type { ReactNode } from 'react';
import { Countdown } from './countdown.tsx';
import styles from './status-panel.module.css';

interface StatusPanelProps {
  /** Lit up, with a pulsing dot, while people can act (a round on sale, a fusion open). */
  isLive: boolean;
  headline: ReactNode;
  /** The one big countdown ("Opens in", "Closes in"), or none. */
  countdown: { label: string; to: string } | null;
  now: Date;
  /** What follows: when it ended, why not now, and the way on. */
  children?: ReactNode;
}

/** Where a sale or a fusion stands, at the top of its page: a headline, its countdown, and what can be done. */
export function StatusPanel({ isLive, headline, countdown, now, children }: StatusPanelProps) {
  return (
    <div className={isLive ? `${styles.status} ${styles.live}` : styles.status}>
      <p className={styles.headline} aria-live="polite">
        {isLive ? <span className={styles.liveDot} aria-hidden="true" /> : null}
        {headline}
      </p>
      {countdown ? (
        <p className={styles.countdown}>
          <span className={styles.countdownLabel}>{countdown.label}</span>
          <Countdown to={countdown.to} now={now} className={styles.countdownValue} />
        </p>
      ) : null}
      {children}
    </div>
  );
}
