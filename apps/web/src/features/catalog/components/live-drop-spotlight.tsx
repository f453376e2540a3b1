import { formatMoney, responsiveImages, uploadSrcSet } from '@cypher/contract';
import { dropPath } from '../../../lib/drop-paths.ts';
import { roundInFocus } from '../../../lib/drop-phase.ts';
import { formatCount } from '../../../lib/format.ts';
import { ButtonLink } from '../../../ui/button-link.tsx';
import { Countdown } from '../../../ui/countdown.tsx';
import { Icon } from '../../../ui/icon.tsx';
import type { THomeDrop } from './use-home-drops.ts';
import styles from './home-drops.module.css';

// At the width it is shown, not as its original (why: packages/contract/src/image-variants.ts).
const SPOTLIGHT_ARTWORK = responsiveImages.spotlightArtwork;

interface LiveDropSpotlightProps extends THomeDrop {
  now: Date;
  isLoggedIn: boolean;
}

/**
 * A drop on sale, large: its artwork, where it stands, the price of the round on sale, how many packs are gone, the
 * countdown that matters, and the way to it. A visitor is offered an account first, and comes back to the drop.
 */
export function LiveDropSpotlight({ drop, phase, now, isLoggedIn }: LiveDropSpotlightProps) {
  const priced = roundInFocus(phase);
  const soldShare = drop.counts.dropCount > 0 ? drop.counts.soldCount / drop.counts.dropCount : 0;
  const to = dropPath(drop.id);
  const srcSet = uploadSrcSet(drop.imageUrl, SPOTLIGHT_ARTWORK.largestVariant);
  return (
    <article className={styles.spotlight} aria-labelledby={`spotlight-${drop.id}`}>
      <div className={styles.art}>
        <img
          src={drop.imageUrl}
          srcSet={srcSet}
          sizes={srcSet ? SPOTLIGHT_ARTWORK.sizes : undefined}
          alt=""
          loading="lazy"
          decoding="async"
          width={600}
          height={600}
        />
        <span className={styles.flag}>{phase.headline}</span>
      </div>
      <div className={styles.body}>
        <p className={styles.brand}>{drop.brand.name}</p>
        <h3 id={`spotlight-${drop.id}`} className={styles.name}>
          {drop.name}
        </h3>
        {drop.description ? <p className={styles.description}>{drop.description}</p> : null}
        <dl className={styles.facts}>
          {priced && !phase.isSoldOut ? (
            <div>
              <dt>Round {priced.round}</dt>
              <dd>{formatMoney(priced.price)} a pack</dd>
            </div>
          ) : null}
          <div>
            <dt>Packs sold</dt>
            <dd>
              {formatCount(drop.counts.soldCount)} of {formatCount(drop.counts.dropCount)}
            </dd>
          </div>
        </dl>
        <div
          className={styles.progress}
          role="progressbar"
          aria-label="Packs sold"
          aria-valuemin={0}
          aria-valuemax={drop.counts.dropCount}
          aria-valuenow={drop.counts.soldCount}
        >
          <span style={{ width: `${Math.min(100, soldShare * 100)}%` }} />
        </div>
        {phase.countdown ? (
          <p className={styles.countdown}>
            <span>{phase.countdown.label}</span>
            <Countdown to={phase.countdown.to} now={now} className={styles.countdownTime} />
          </p>
        ) : null}
        <div className={styles.actions}>
          <ButtonLink to={to} variant="primary">
            {phase.isOnSale ? 'Buy packs' : 'See the drop'}
            <Icon name="arrow-right" size={18} />
          </ButtonLink>
          {isLoggedIn ? null : (
            <ButtonLink to={`/signup?redirectTo=${encodeURIComponent(to)}`} variant="secondary">
              Create an account
            </ButtonLink>
          )}
        </div>
      </div>
    </article>
  );
}
