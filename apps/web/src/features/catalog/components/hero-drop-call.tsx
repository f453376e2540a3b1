import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { dropPath } from '../../../lib/drop-paths.ts';
import { useNow } from '../../../lib/use-now.ts';
import { ButtonLink } from '../../../ui/button-link.tsx';
import { Countdown } from '../../../ui/countdown.tsx';
import { Icon } from '../../../ui/icon.tsx';
import { Skeleton } from '../../../ui/skeleton.tsx';
import { useHomeDrops } from './use-home-drops.ts';
import styles from './home-hero.module.css';

/**
 * The hero's lead: the drop on sale now (or, with none, the one that opens next) with its countdown, and the way
 * in as the hero's first button. The line keeps its height while the drops load and when there are none, so the
 * banners below it do not jump.
 */
export function HeroDropCall({ secondaryAction }: { secondaryAction: ReactNode }) {
  const now = useNow();
  const drops = useHomeDrops(now);
  // "On sale now" only for a drop whose packs can be bought this second: one sold out, or between its rounds, is not
  // (the first waits for its next round, as a drop that opens next does).
  const buyable = drops.onSale.find((entry) => entry.phase.isOnSale);
  const lead = buyable ?? drops.onSale.find((entry) => !entry.phase.isSoldOut) ?? drops.opensNext[0];
  const isOnSale = lead !== undefined && lead === buyable;

  let line: ReactNode;
  if (drops.isPending) {
    line = (
      <div className={styles.live} role="status" aria-busy="true" aria-label="Loading the drops">
        <Skeleton width="14rem" />
        <Skeleton width="18rem" />
      </div>
    );
  } else if (lead) {
    line = (
      <div className={styles.live}>
        <p className={styles.liveStatus}>
          <span className={isOnSale ? styles.liveDot : `${styles.liveDot} ${styles.soon}`} aria-hidden="true" />
          <span className={styles.liveLabel}>{isOnSale ? 'On sale now' : 'Opens next'}</span>
          {lead.phase.countdown ? (
            <span className={styles.liveCountdown}>
              {lead.phase.countdown.label} <Countdown to={lead.phase.countdown.to} now={now} />
            </span>
          ) : null}
        </p>
        <p className={styles.liveName}>
          <Link to={dropPath(lead.drop.id)}>{lead.drop.name}</Link>
          <span className={styles.liveBrand}> by {lead.drop.brand.name}</span>
        </p>
      </div>
    );
  } else {
    line = (
      <div className={styles.live}>
        <p className={styles.liveStatus}>
          <span className={`${styles.liveDot} ${styles.soon}`} aria-hidden="true" />
          <span className={styles.liveLabel}>Drops</span>
        </p>
        <p className={styles.liveName}>
          No drop is on sale right now. <Link to="/drops">See the drops</Link>
        </p>
      </div>
    );
  }

  return (
    <>
      {line}
      <div className={styles.actions}>
        <ButtonLink to={lead ? dropPath(lead.drop.id) : '/drops'} variant="primary" size="lg">
          {lead ? (isOnSale ? 'See the live drop' : 'See what opens next') : 'Browse drops'}
          <Icon name="arrow-right" size={18} />
        </ButtonLink>
        {secondaryAction}
      </div>
    </>
  );
}
