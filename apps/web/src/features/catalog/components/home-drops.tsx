import { useSession } from '../../../lib/session.ts';
import { ButtonLink } from '../../../ui/button-link.tsx';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { SectionHeader } from './section-header.tsx';
import styles from './home-sections.module.css';

/**
 * Drops: "available now" and "upcoming" come with the drops feature. Until then the section says plainly that drops
 * open soon and points at what a visitor can do meanwhile.
 */
export function HomeDrops() {
  const { isLoggedIn } = useSession();
  return (
    <section className={`container ${styles.section}`} aria-labelledby="drops-heading">
      <SectionHeader
        id="drops-heading"
        eyebrow="Drops"
        title="Drops open soon"
        lead="Limited packs from the brands below, each sold in rounds with their own sale window. Available and upcoming drops will appear here."
      />
      <EmptyState
        icon="clock"
        titleAs="h3"
        title="No drops are open yet"
        body={
          isLoggedIn
            ? 'You are all set: browse the products that will be in the first packs while you wait.'
            : 'Create an account now, so you are ready the moment the first drop opens.'
        }
        action={
          <>
            {isLoggedIn ? null : (
              <ButtonLink to="/signup" variant="primary">
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
