import type { ReactNode } from 'react';
import { isNotAnOperator, useConsoleMe } from '../../../api/console-me.ts';
import { useMyUser } from '../../../api/my-user.ts';
import { ButtonLink } from '../../../ui/button-link.tsx';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { ErrorState } from '../../../ui/error-state.tsx';
import { PageMeta } from '../../../ui/page-meta.tsx';
import { Skeleton } from '../../../ui/skeleton.tsx';
import { roleSummary, type TConsoleSectionId } from '../console-sections.ts';
import { ConsoleNav } from './console-nav.tsx';
import { OperatorContext } from './operator-context.ts';
import styles from './console-frame.module.css';

interface ConsoleFrameProps {
  /** The page's name, for the title: "Brands" -> "Console · Brands". */
  title: string;
  current?: TConsoleSectionId;
  children: ReactNode;
}

/** A collector who opens the console: says why it is closed and where to go instead. */
function NoAccess() {
  return (
    <div className={`container ${styles.state}`}>
      <PageMeta title="Operator access needed" />
      <EmptyState
        icon="lock"
        titleAs="h1"
        title="You need operator access"
        body="The console is for the people who run the marketplace. If you should have access, ask an admin to add you as an operator."
        action={<ButtonLink to="/">Back to home</ButtonLink>}
      />
    </div>
  );
}

/**
 * Every console page: the user record says whether this is an operator; an operator's `/console/me` says who, then
 * the section navigation shows beside the page. Visitors never get here (the route is signed-in only); collectors get
 * "You need operator access" without asking the console anything. The page's forms ask before their changes are left
 * behind through the app's one guard (UnsavedChangesGuard, in AppShell).
 */
export function ConsoleFrame({ title, current, children }: ConsoleFrameProps) {
  const user = useMyUser();
  const me = useConsoleMe();

  if (user.isLoading || (user.user?.isOperator && me.isPending)) {
    return (
      <div className={`container ${styles.state}`} aria-busy="true">
        <h1 className="visually-hidden">Loading the console</h1>
        <Skeleton width="240px" height="32px" radius="var(--radius-md)" />
        <Skeleton height="320px" radius="var(--radius-lg)" />
      </div>
    );
  }
  const failure = user.error ?? (me.isError && !isNotAnOperator(me.error) ? me.error : null);
  if (failure) {
    return (
      <div className={`container ${styles.state}`}>
        <PageMeta title="Console" />
        <ErrorState
          title="We could not open the console"
          error={failure}
          onRetry={() => void (user.error ? user.refetch() : me.refetch())}
          isRetrying={me.isRefetching}
          titleAs="h1"
        />
      </div>
    );
  }
  if (!user.user?.isOperator || !me.data) return <NoAccess />;

  return (
    <OperatorContext.Provider value={me.data}>
      <PageMeta title={`Console · ${title}`} />
      <div className={`container ${styles.frame}`}>
        <aside className={styles.aside}>
          <div className={styles.identity}>
            <p className={styles.eyebrow}>Console</p>
            <p className={styles.who}>{me.data.nickname ?? me.data.email}</p>
            <p className={styles.role}>{roleSummary(me.data)}</p>
          </div>
          <ConsoleNav current={current} />
        </aside>
        <div className={styles.content}>{children}</div>
      </div>
    </OperatorContext.Provider>
  );
}
