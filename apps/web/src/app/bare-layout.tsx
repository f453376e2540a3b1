import type { ReactNode } from 'react';
import styles from './layouts.module.css';

/** No header or footer: for screens that stand alone, such as OAuth callbacks. */
export function BareLayout({ children }: { children: ReactNode }) {
  return (
    <main id="main" className={styles.page} tabIndex={-1}>
      {children}
    </main>
  );
}
