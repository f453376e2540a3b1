import { BrandLogo } from './brand-logo.tsx';
import { PageMeta } from './page-meta.tsx';
import { Spinner } from './spinner.tsx';
import styles from './status-screen.module.css';

interface StatusScreenProps {
  /** What is happening, e.g. "Logging in, please wait…". Announced politely. */
  message: string;
  title: string;
}

/** A full-screen "working on it" moment for pages with no chrome, such as OAuth callbacks. */
export function StatusScreen({ message, title }: StatusScreenProps) {
  return (
    <div className={styles.screen}>
      <PageMeta title={title} />
      <div className={styles.card}>
        <BrandLogo size={40} />
        <div role="status">
          <h1 className={styles.message}>
            <Spinner />
            {message}
          </h1>
        </div>
      </div>
    </div>
  );
}
