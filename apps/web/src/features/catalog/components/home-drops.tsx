import { useSession } from '../../../lib/session.ts';
import { useNow } from '../../../lib/use-now.ts';
import { ButtonLink } from '../../../ui/button-link.tsx';
import { CardGrid, CardGridSkeleton } from '../../../ui/card-grid.tsx';
import { DropCard } from '../../../ui/drop-card.tsx';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { ErrorState } from '../../../ui/error-state.tsx';
import { Icon } from '../../../ui/icon.tsx';
import { Skeleton } from '../../../ui/skeleton.tsx';
import { LiveDropSpotlight } from './live-drop-spotlight.tsx';
import { SectionHeader } from './section-header.tsx';
import { useHomeDrops } from './use-home-drops.ts';
import styles from './home-drops.module.css';
import sectionStyles from './home-sections.module.css';

/**
 * Drops on the home page, right under the hero: what is on sale now, large, with its countdown and the way to buy,
 * then what opens next as cards counting down to their opening. Visitors are offered an account beside each.
 */
export function HomeDrops() {
  const now = useNow();
  const drops = useHomeDrops(now);
  const { isLoggedIn } = useSession();

  if (drops.error) {
    return (
      <section className={`container ${sectionStyles.section}`} aria-labelledby="drops-heading">
        <SectionHeader id="drops-heading" eyebrow="Drops" title="On sale now" />
        <ErrorState
          title="We could not load the drops"
          error={drops.error}
          onRetry={drops.retry}
          isRetrying={drops.isRetrying}
          titleAs="h3"
        />
      </section>
    );
  }

  const allDrops = (
    <ButtonLink to="/drops" variant="ghost">
      All drops
      <Icon name="arrow-right" size={18} />
    </ButtonLink>
  );
  return (
    <>
      <section className={`container ${styles.section}`} aria-labelledby="drops-heading">
        <SectionHeader
          id="drops-heading"
          eyebrow="Drops"
          title="On sale now"
          lead="Limited packs, sold in rounds, each with its own sale window and price."
          action={allDrops}
        />
        {drops.isPending ? (
          <div className={styles.spotlight} role="status" aria-busy="true" aria-label="Loading the drops on sale">
            <Skeleton height="100%" radius="var(--radius-lg)" className={styles.art} />
            <div className={styles.body}>
              <Skeleton width="30%" />
              <Skeleton width="70%" height="2rem" />
              <Skeleton width="90%" />
              <Skeleton width="50%" height="2.5rem" />
            </div>
          </div>
        ) : drops.onSale.length === 0 ? (
          <EmptyState
            icon="clock"
            titleAs="h3"
            title="No drops on sale right now"
            body={
              isLoggedIn
                ? 'See what opens next below: each drop counts down to its first round.'
                : 'See what opens next below, and create an account now, so you are ready the moment a round opens.'
            }
            action={
              isLoggedIn ? (
                <ButtonLink to="/guide#buy-drops">How drops work</ButtonLink>
              ) : (
                <ButtonLink to="/signup" variant="primary">
                  Create an account
                </ButtonLink>
              )
            }
          />
        ) : (
          <ul className={styles.spotlights} aria-label="Drops on sale now">
            {drops.onSale.map((entry) => (
              <li key={entry.drop.id}>
                <LiveDropSpotlight {...entry} now={now} isLoggedIn={isLoggedIn} />
              </li>
            ))}
          </ul>
        )}
      </section>
      <section className={`container ${styles.section}`} aria-labelledby="next-drops-heading">
        <SectionHeader
          id="next-drops-heading"
          eyebrow="Coming up"
          title="Opens next"
          action={
            <ButtonLink to="/drops?tab=upcoming" variant="ghost">
              All upcoming drops
              <Icon name="arrow-right" size={18} />
            </ButtonLink>
          }
        />
        {drops.isPending ? (
          <CardGridSkeleton count={5} label="Loading the drops that open next" />
        ) : drops.opensNext.length === 0 ? (
          <EmptyState
            icon="package"
            titleAs="h3"
            title="No drops announced yet"
            body="New drops appear here as soon as they are announced, with a countdown to their opening."
          />
        ) : (
          <CardGrid label="Drops that open next">
            {drops.opensNext.map(({ drop }) => (
              <li key={drop.id}>
                <DropCard drop={drop} now={now} />
              </li>
            ))}
          </CardGrid>
        )}
      </section>
    </>
  );
}
