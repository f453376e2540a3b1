import { Skeleton } from '../ui/skeleton.tsx';
import { DefaultLayout } from './default-layout.tsx';
import styles from './app-loading.module.css';

/**
 * Shown while the first page's code loads: the real header and footer with a quiet placeholder between, so the
 * frame of the app does not jump when the page arrives.
 */
export function AppLoading() {
  return (
    <DefaultLayout>
      <div className={`container ${styles.loading}`} aria-busy="true" aria-label="Loading">
        <Skeleton width="min(560px, 100%)" height="48px" radius="var(--radius-md)" />
        <Skeleton width="min(420px, 80%)" height="20px" />
      </div>
    </DefaultLayout>
  );
}
