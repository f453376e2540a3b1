import type { ReactNode } from 'react';
import { SiteFooter } from './site-footer.tsx';
import { SiteHeader } from './site-header.tsx';
import styles from './layouts.module.css';

export function DefaultLayout({ children }: { children: ReactNode }) {
  return (
    <div className={styles.page}>
      <a
        href="#main"
        className="skip-link"
        // Focus moves to the content and nothing else: as a link to "#main" it would replace the address's own
        // fragment, which some pages read (/terms#privacy would turn to the terms of service).
        onClick={(event) => {
          event.preventDefault();
          document.getElementById('main')?.focus();
        }}
      >
        Skip to content
      </a>
      <SiteHeader />
      <main id="main" className={styles.main} tabIndex={-1}>
        {children}
      </main>
      <SiteFooter />
    </div>
  );
}
