import { useSession } from '../../../lib/session.ts';
import { ButtonLink } from '../../../ui/button-link.tsx';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { SectionHeader } from './section-header.tsx';
import styles from './home-sections.module.css';

/**
 * Drops on the home page: where to find what is on sale now and what is coming (the drops themselves, with their
 * live countdowns, are on /drops), and a nudge to sign up first for visitors.
 */
export function HomeDrops() {
  const { isLoggedIn } = useSession();
  return (
    <section className={`container ${styles.section}`} aria-labelledby="drops-heading">
      <SectionHeader
        id="drops-heading"
        eyebrow="Drops"
        title="Limited packs, sold in rounds"
        lead="Brands release packs in drops, each round with its own sale window and price. Every pack's contents are fixed and committed before the sale opens."
      />
      <EmptyState
        icon="clock"
        titleAs="h3"
        title="See what is on sale now"
        body={
          isLoggedIn
            ? 'Open a drop to see its rounds counting down, what its packs hold and the odds of each rarity.'
            : 'Create an account now, so you are ready the moment a round opens.'
        }
        action={
          <>
            <ButtonLink to="/drops" variant="primary">
              Browse drops
            </ButtonLink>
            {isLoggedIn ? null : (
              <ButtonLink to="/signup" variant="secondary">
                Create an account
              </ButtonLink>
            )}
            <ButtonLink to="/guide#buy-drops" variant="secondary">
              How drops work
            </ButtonLink>
          </>
        }
      />
    </section>
  );
}
