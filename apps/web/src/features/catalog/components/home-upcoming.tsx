import { ButtonLink } from '../../../ui/button-link.tsx';
import { EmptyState } from '../../../ui/empty-state.tsx';
import styles from './home-sections.module.css';

/** Drops and brands are not live yet; the home page says so and points at what to do meanwhile. */
export function HomeUpcoming() {
  return (
    <section className={`container ${styles.section}`} aria-labelledby="upcoming-heading">
      <div className={styles.header}>
        <p className={styles.eyebrow}>Coming soon</p>
        <h2 id="upcoming-heading" className={styles.heading}>
          The first drops are being hung
        </h2>
        <p className={styles.lead}>
          Drops and brands appear here as soon as they open. Set up your account now to be ready.
        </p>
      </div>
      <div className={styles.upcoming}>
        <EmptyState
          icon="clock"
          titleAs="h3"
          title="Drops open here soon"
          body="Limited packs, each round with its own sale window, and guaranteed editions in every pack."
          action={
            <ButtonLink to="/signup" variant="primary">
              Create an account
            </ButtonLink>
          }
        />
        <EmptyState
          icon="layers"
          titleAs="h3"
          title="Brands arrive soon"
          body="Official collections from the brands you love, each with its own licenses, products and drops."
          action={
            <ButtonLink to="/guide" variant="secondary">
              Read the guide
            </ButtonLink>
          }
        />
      </div>
    </section>
  );
}
