import type { ReactNode } from 'react';
import { ButtonLink } from './button-link.tsx';
import { Icon } from './icon.tsx';
import { PageMeta } from './page-meta.tsx';
import styles from './coming-soon-page.module.css';

interface ComingSoonPageProps {
  /** The page's name, as in its title. */
  name: string;
  /** One line from the spec on what the page is for. */
  purpose: string;
  /** Anything the page can already show, such as section anchors. */
  children?: ReactNode;
}

const FRAME_COUNT = 5;

/** A route whose screen is not built yet: says so plainly, says what it will do, and offers a way on. */
export function ComingSoonPage({ name, purpose, children }: ComingSoonPageProps) {
  return (
    <div className={`container ${styles.page}`}>
      <PageMeta title={name} description={purpose} />
      <div className={styles.intro}>
        <p className={styles.eyebrow}>
          <span className={styles.pulse} aria-hidden="true" />
          Coming soon
        </p>
        <h1 className={styles.title}>{name}</h1>
        <p className={styles.purpose}>{purpose}</p>
        <p className={styles.note}>We are still building this part of the app. It will open in an upcoming release.</p>
        <div className={styles.actions}>
          <ButtonLink to="/" variant="secondary">
            <Icon name="arrow-left" size={18} />
            Back to home
          </ButtonLink>
        </div>
      </div>
      {children}
      <div className={styles.wall} aria-hidden="true">
        {Array.from({ length: FRAME_COUNT }, (_, index) => (
          <div key={index} className={styles.frame}>
            <div className={styles.canvas} />
            <div className={styles.placard}>
              <span className={styles.line} />
              <span className={styles.line} />
            </div>
          </div>
        ))}
      </div>
    </div>
  );
}
