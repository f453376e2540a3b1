import { lazy } from 'react';
import { WhenNearViewport } from '../../../ui/when-near-viewport.tsx';
import styles from './newsletter-box.module.css';

const NewsletterForm = lazy(async () => ({ default: (await import('./newsletter-form.tsx')).NewsletterForm }));

/**
 * The newsletter sign-up at the foot of the home page. Its form (react-hook-form and zod) loads as the visitor
 * scrolls near it, so it is not part of the home page's first paint; the placeholder keeps its place.
 */
export function NewsletterBox() {
  return (
    <section className={`container ${styles.section}`} aria-labelledby="newsletter-heading">
      <div className={styles.box}>
        <div className={styles.copy}>
          <h2 id="newsletter-heading" className={styles.heading}>
            Be first in line
          </h2>
          <p className={styles.body}>Hear about new drops and brands before they open.</p>
        </div>
        <WhenNearViewport placeholder={<div className={styles.formPlaceholder} aria-hidden="true" />}>
          <NewsletterForm />
        </WhenNearViewport>
      </div>
    </section>
  );
}
