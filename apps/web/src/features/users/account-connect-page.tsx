import { useState } from 'react';
import { useLocation } from 'react-router';
import { useMyUser } from '../../api/my-user.ts';
import { formatDate } from '../../lib/format.ts';
import { Alert } from '../../ui/alert.tsx';
import { Badge } from '../../ui/badge.tsx';
import { Button } from '../../ui/button.tsx';
import { Dialog } from '../../ui/dialog.tsx';
import { PageMeta } from '../../ui/page-meta.tsx';
import { ErrorState } from '../../ui/error-state.tsx';
import { Skeleton } from '../../ui/skeleton.tsx';
import { useToast } from '../../ui/use-toast.ts';
import { discordErrorMessage, discordLockMessage } from './account-messages.ts';
import { useDiscordAuthorization } from './api/get-discord-authorization.ts';
import { useUnlinkDiscord } from './api/unlink-discord.ts';
import type { DiscordConnectOutcome } from './discord-callback-page.tsx';
import styles from '../../ui/account-page.module.css';

function outcomeFrom(state: unknown): DiscordConnectOutcome {
  const discordError = (state as DiscordConnectOutcome | null)?.discordError;
  return typeof discordError === 'string' ? { discordError } : {};
}

/**
 * `/account/connect`: connect Discord (the DAO's roles follow the collection), or disconnect it, which resets the
 * roles and locks reconnecting for 14 days.
 */
export default function AccountConnectPage() {
  const location = useLocation();
  const { showToast } = useToast();
  const { user, isLoading, error, refetch } = useMyUser();
  const authorize = useDiscordAuthorization();
  const unlink = useUnlinkDiscord();
  const [isConfirming, setIsConfirming] = useState(false);
  const [message, setMessage] = useState<string | undefined>(() => outcomeFrom(location.state).discordError);

  async function connect() {
    setMessage(undefined);
    try {
      const { url } = await authorize.mutateAsync();
      window.location.assign(url);
    } catch (error) {
      setMessage(discordErrorMessage(error));
    }
  }

  async function disconnect() {
    try {
      const { reconnectAvailableAt } = await unlink.mutateAsync();
      setIsConfirming(false);
      showToast({ tone: 'info', title: 'Discord disconnected', description: discordLockMessage(reconnectAvailableAt) });
    } catch (error) {
      setIsConfirming(false);
      setMessage(discordErrorMessage(error));
    }
  }

  const discord = user?.discord ?? null;
  // After a disconnect the page says from when Discord may be connected again, instead of waiting for a refusal; the
  // date passing turns the button on when the page next reads the user.
  const lockedUntil = user?.discordReconnectAvailableAt ?? null;

  return (
    <div className={`container ${styles.page}`}>
      <PageMeta title="Connected accounts" />
      <header className={styles.header}>
        <h1 className={styles.title}>Connected accounts</h1>
        <p className={styles.intro}>Connect Discord to get the community roles that match your collection.</p>
      </header>
      <section className={styles.card} aria-labelledby="discord-heading">
        <div className={styles.cardHeader}>
          <h2 id="discord-heading" className={styles.cardTitle}>
            Discord
          </h2>
          {user ? (
            <Badge tone={discord ? 'success' : 'neutral'}>{discord ? 'Connected' : 'Not connected'}</Badge>
          ) : null}
        </div>
        {message ? <Alert tone="error">{message}</Alert> : null}
        {isLoading ? (
          <Skeleton height="72px" />
        ) : !user && error ? (
          // Without the user the page would offer to connect an account that may be connected, or locked.
          <ErrorState
            titleAs="h3"
            title="We could not load your account"
            error={error}
            onRetry={() => void refetch()}
          />
        ) : discord ? (
          <>
            <dl className={styles.facts}>
              <dt>Account</dt>
              <dd>{discord.username}</dd>
              <dt>Connected since</dt>
              <dd>{formatDate(discord.linkedAt)}</dd>
            </dl>
            <div className={styles.actions}>
              <Button variant="secondary" onClick={() => setIsConfirming(true)}>
                Disconnect Discord
              </Button>
            </div>
          </>
        ) : (
          <>
            <p className={styles.muted}>
              We only read your Discord name and email. You will come back here once Discord has asked you to allow it.
            </p>
            {lockedUntil ? (
              <p id="discord-lock" className={styles.muted}>
                {discordLockMessage(lockedUntil)}
              </p>
            ) : null}
            <div className={styles.actions}>
              <Button
                variant="primary"
                onClick={() => void connect()}
                isLoading={authorize.isPending}
                disabled={lockedUntil !== null}
                aria-describedby={lockedUntil ? 'discord-lock' : undefined}
              >
                Connect Discord
              </Button>
            </div>
          </>
        )}
      </section>
      <Dialog
        isOpen={isConfirming}
        onClose={() => setIsConfirming(false)}
        isBusy={unlink.isPending}
        title="Disconnect Discord?"
        description="Your community roles on Discord are reset, and you can connect a Discord account again only after 14 days."
        footer={
          <>
            <Button variant="ghost" onClick={() => setIsConfirming(false)}>
              Keep connected
            </Button>
            <Button variant="danger" onClick={() => void disconnect()} isLoading={unlink.isPending}>
              Disconnect
            </Button>
          </>
        }
      />
    </div>
  );
}
