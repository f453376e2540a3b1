import { ButtonLink } from '../ui/button-link.tsx';
import { Icon } from '../ui/icon.tsx';
import { PageMeta } from '../ui/page-meta.tsx';
import styles from './status-page.module.css';

export function NotFoundPage() {
  return (
    <div className={`container ${styles.page}`}>
      <PageMeta title="Page not found" isNotFound />
      <div className={styles.content}>
        <div className={styles.frame} aria-hidden="true">
          <span className={styles.code}>404</span>
        </div>
        <h1 className={styles.title}>Page not found</h1>
        <p className={styles.body}>This wall is empty. The page may have moved, or the link may have a typo in it.</p>
        <div className={styles.actions}>
          <ButtonLink to="/" variant="primary">
            <Icon name="arrow-left" size={18} />
            Back to home
          </ButtonLink>
          <ButtonLink to="/drops" variant="secondary">
            Browse drops
          </ButtonLink>
        </div>
      </div>
    </div>
  );
}
