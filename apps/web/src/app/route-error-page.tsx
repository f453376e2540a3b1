import { useEffect, useState, type ReactNode } from 'react';
import { useRouteError } from 'react-router';
import { reportError } from '../lib/error-reporter.ts';
import { isServerReachable, reloadForNewRelease, shouldReloadForNewRelease } from '../lib/new-release.ts';
import { Button } from '../ui/button.tsx';
import { ButtonLink } from '../ui/button-link.tsx';
import { Icon } from '../ui/icon.tsx';
import { PageMeta } from '../ui/page-meta.tsx';
import styles from './status-page.module.css';

/**
 * What a route shows when rendering it throws, or its code fails to load. Code that fails to load is most often a new
 * release having replaced the chunk this tab asked for: the page reloads by itself, once (lib/new-release.ts), showing
 * nothing meanwhile, if the server answers; with the network down a reload would leave the app for the browser's error
 * page, so the visitor is told to check their connection instead. Any other error is reported, with a way out.
 */
export function RouteErrorPage() {
  const error = useRouteError();
  const [state, setState] = useState<'reloading' | 'offline' | 'error'>(() =>
    shouldReloadForNewRelease(error) ? 'reloading' : 'error',
  );

  useEffect(() => {
    if (state === 'error') reportError(error, { source: 'route' });
    if (state !== 'reloading') return;
    let isCurrent = true;
    void isServerReachable().then((isReachable) => {
      if (!isCurrent) return;
      if (isReachable) reloadForNewRelease();
      else setState('offline');
    });
    return () => {
      isCurrent = false;
    };
  }, [error, state]);

  if (state === 'reloading') return <div className={`container ${styles.page}`} aria-busy="true" />;
  if (state === 'offline') {
    return (
      <StatusView metaTitle="No connection" title="We could not reach the server">
        <p className={styles.body}>Check your connection and try again.</p>
        <div className={styles.actions}>
          <Button variant="primary" onClick={() => setState('reloading')}>
            Try again
          </Button>
        </div>
      </StatusView>
    );
  }
  return (
    <StatusView metaTitle="Something went wrong" title="Something went wrong">
      <p className={styles.body}>This page could not be shown. Reloading usually fixes it.</p>
      <div className={styles.actions}>
        <Button variant="primary" onClick={() => window.location.reload()}>
          Reload the page
        </Button>
        <ButtonLink to="/" variant="secondary">
          Back to home
        </ButtonLink>
      </div>
    </StatusView>
  );
}

/** The page's frame around what went wrong: its mark, its heading, then what to do. */
function StatusView({ metaTitle, title, children }: { metaTitle: string; title: string; children: ReactNode }) {
  return (
    <div className={`container ${styles.page}`}>
      <PageMeta title={metaTitle} />
      <div className={styles.content}>
        <div className={styles.frame} aria-hidden="true">
          <Icon name="alert" size={48} />
        </div>
        <h1 className={styles.title}>{title}</h1>
        {children}
      </div>
    </div>
  );
}
