import { Skeleton } from '../ui/skeleton.tsx';
import styles from './app-loading.module.css';

/** A quiet placeholder where a page will appear, inside whatever layout is already showing. */
export function PageLoading() {
  return (
    <div className={`container ${styles.loading}`} role="status" aria-busy="true" aria-label="Loading">
      <Skeleton width="min(560px, 100%)" height="48px" radius="var(--radius-md)" />
      <Skeleton width="min(420px, 80%)" height="20px" />
    </div>
  );
}
