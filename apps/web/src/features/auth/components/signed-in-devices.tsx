import type { TMySession } from '@cypher/contract';
import { formatCount } from '../../../lib/format.ts';
import { useFormatDateTime } from '../../../lib/use-format-date-time.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Badge } from '../../../ui/badge.tsx';
import { Button } from '../../../ui/button.tsx';
import { ErrorState } from '../../../ui/error-state.tsx';
import { useFocusAfterRowRemoval } from '../../../ui/focus-after-row-removal.ts';
import { Icon } from '../../../ui/icon.tsx';
import { Skeleton } from '../../../ui/skeleton.tsx';
import { useToast } from '../../../ui/use-toast.ts';
import { useEndOtherSessions, useEndSession, useMySessions } from '../api/my-sessions.ts';
import rowList from '../../../ui/row-list.module.css';
import pageStyles from '../../../ui/account-page.module.css';
import styles from './signed-in-devices.module.css';

const isPhone = (device: string) => / on (iPhone|iPad|Android)$/.test(device);

/**
 * Route: uses GET /v1/users/sessions, DELETE /v1/users/sessions/{id} and POST /v1/users/sessions/end-others · UI:
 * /account/security (account-security-page.tsx) · Tests: account-security-page.test.tsx.
 *
 * Where I am signed in: this device first, then the others by their latest use, each of the others with Sign out, and
 * all of them at once. For a phone lost or a shared computer left signed in.
 */
export function SignedInDevices() {
  const sessions = useMySessions();
  const endOne = useEndSession();
  const endOthers = useEndOtherSessions();
  const { showToast } = useToast();
  const formatDateTime = useFormatDateTime();
  const rowFocus = useFocusAfterRowRemoval();

  async function signOut(session: TMySession) {
    endOthers.reset();
    try {
      await endOne.mutateAsync(session.id);
      showToast({ tone: 'success', title: `${session.device} is signed out` });
    } catch {
      // Shown under the list (endOne.error).
    }
  }

  async function signOutOthers() {
    endOne.reset();
    try {
      const { endedCount } = await endOthers.mutateAsync();
      showToast({
        tone: 'success',
        title:
          endedCount === 1 ? 'Signed out of 1 other device' : `Signed out of ${formatCount(endedCount)} other devices`,
      });
    } catch {
      // Shown under the list (endOthers.error).
    }
  }

  let body;
  if (sessions.isPending) {
    body = (
      <ul className={rowList.list} aria-busy="true" aria-label="Loading where you are signed in">
        {[0, 1].map((index) => (
          <li key={index} className={styles.row}>
            <Skeleton width="50%" />
          </li>
        ))}
      </ul>
    );
  } else if (sessions.isError && !sessions.data) {
    body = (
      <ErrorState
        titleAs="h3"
        title="We could not load where you are signed in"
        error={sessions.error}
        onRetry={() => void sessions.refetch()}
        isRetrying={sessions.isFetching}
      />
    );
  } else {
    const { items, total } = sessions.data;
    const othersCount = total - items.filter((item) => item.isCurrent).length;
    const failure = endOne.error ?? endOthers.error;
    body = (
      <>
        <ul className={rowList.list} aria-label="Signed-in devices">
          {items.map((session) => (
            <li key={session.id} className={styles.row}>
              <span className={styles.device} aria-hidden="true">
                <Icon name={isPhone(session.device) ? 'phone' : 'monitor'} size={20} />
              </span>
              <span className={styles.main}>
                <span className={styles.title}>
                  {session.device}
                  {session.isCurrent ? <Badge tone="success">This device</Badge> : null}
                </span>
                <span className={styles.meta}>
                  {session.isCurrent ? null : <span>Last active {formatDateTime(session.lastActiveAt)}</span>}
                  <span>Signed in {formatDateTime(session.signedInAt)}</span>
                  {session.ipAddress ? <span>IP address {session.ipAddress}</span> : null}
                </span>
              </span>
              {session.isCurrent ? null : (
                <Button
                  size="sm"
                  variant="ghost"
                  aria-label={`Sign out ${session.device}, last active ${formatDateTime(session.lastActiveAt)}`}
                  isLoading={endOne.isPending && endOne.variables === session.id}
                  disabled={endOthers.isPending}
                  ref={rowFocus.ref}
                  data-row-remove
                  onClick={(event) => {
                    rowFocus.markPressed(event.currentTarget);
                    void signOut(session);
                  }}
                >
                  <Icon name="log-out" size={16} /> Sign out
                </Button>
              )}
            </li>
          ))}
        </ul>
        {total > items.length ? (
          <p className={pageStyles.muted}>
            And {formatCount(total - items.length)} older {total - items.length === 1 ? 'sign-in' : 'sign-ins'} not
            shown: Sign out of all other devices ends them too.
          </p>
        ) : null}
        {failure ? <Alert tone="error">{failure.message}</Alert> : null}
        {othersCount > 0 ? (
          <div className={pageStyles.actions}>
            <Button
              variant="secondary"
              isLoading={endOthers.isPending}
              disabled={endOne.isPending}
              onClick={() => void signOutOthers()}
            >
              Sign out of all other devices
            </Button>
          </div>
        ) : (
          <p className={pageStyles.muted}>You are not signed in anywhere else.</p>
        )}
      </>
    );
  }

  return (
    <section className={pageStyles.card} aria-labelledby="devices-heading">
      <h2 id="devices-heading" className={pageStyles.cardTitle}>
        Where you are signed in
      </h2>
      <p className={pageStyles.muted}>
        Sign out of a device you do not recognise or no longer use. Changing your password signs out every other device
        too.
      </p>
      {body}
    </section>
  );
}
