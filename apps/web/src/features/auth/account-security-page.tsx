import { useState } from 'react';
import { Link } from 'react-router';
import { checkPassword } from '../../api/check-password.ts';
import { useMyUser } from '../../api/my-user.ts';
import { formatDate } from '../../lib/format.ts';
import { Alert } from '../../ui/alert.tsx';
import { Badge } from '../../ui/badge.tsx';
import { Button } from '../../ui/button.tsx';
import { ButtonLink } from '../../ui/button-link.tsx';
import { PageMeta } from '../../ui/page-meta.tsx';
import { ErrorState } from '../../ui/error-state.tsx';
import { PasswordConfirmDialog } from '../../ui/password-confirm-dialog.tsx';
import { Skeleton } from '../../ui/skeleton.tsx';
import { requestMfaOffCode } from './api/request-mfa-off-code.ts';
import { SignedInDevices } from './components/signed-in-devices.tsx';
import { TwoFactorDialog, type TwoFactorStep } from './components/two-factor-dialog.tsx';
import styles from '../../ui/account-page.module.css';

/**
 * `/account/security`: the password (change it, or set one by email when the account came from Google),
 * two-factor sign-in by SMS, turned on or off after confirming the password, and the devices signed in, each of which
 * can be signed out from here.
 */
export default function AccountSecurityPage() {
  const { user, isLoading, error, refetch } = useMyUser();
  const [isReauthenticating, setIsReauthenticating] = useState(false);
  const [step, setStep] = useState<TwoFactorStep | null>(null);
  const isEnabled = user?.twoFactor.isEnabled ?? false;
  const [isEnabling, setIsEnabling] = useState(!isEnabled);

  async function reauthenticated(password: string) {
    await checkPassword(password);
    const enabling = !isEnabled;
    setIsEnabling(enabling);
    if (enabling) {
      setStep({ kind: 'phone' });
    } else {
      const sent = await requestMfaOffCode();
      setStep({ kind: 'code', phoneEnding: sent.phoneEnding, resend: requestMfaOffCode });
    }
    setIsReauthenticating(false);
  }

  return (
    <div className={`container ${styles.page}`}>
      <PageMeta title="Account security" />
      <header className={styles.header}>
        <h1 className={styles.title}>Account security</h1>
        <p className={styles.intro}>Keep your collection safe: a strong password and a code by SMS when you sign in.</p>
      </header>
      {/* Without the user the cards below would guess (no password, two-factor off): say it could not be read. */}
      {!user && !isLoading && error ? (
        <ErrorState title="We could not load your account" error={error} onRetry={() => void refetch()} />
      ) : (
        <>
          <section className={styles.card} aria-labelledby="password-heading">
            <h2 id="password-heading" className={styles.cardTitle}>
              Password
            </h2>
            {isLoading ? (
              <Skeleton height="48px" />
            ) : user?.hasPassword ? (
              <>
                <p className={styles.muted}>
                  Change your password at any time. Forgot it? We can send you a reset link.
                </p>
                <div className={styles.actions}>
                  <ButtonLink to="/password/change" variant="secondary">
                    Change password
                  </ButtonLink>
                  <Link to="/password/reset" className={styles.inlineLink}>
                    Reset by email
                  </Link>
                </div>
              </>
            ) : (
              <>
                <p className={styles.muted}>
                  You sign in with Google, so your account has no password yet. Set one by email to sign in with it too.
                </p>
                <div className={styles.actions}>
                  <ButtonLink to="/password/reset" variant="secondary">
                    Set a password by email
                  </ButtonLink>
                </div>
              </>
            )}
          </section>

          <section className={styles.card} aria-labelledby="two-factor-heading">
            <div className={styles.cardHeader}>
              <h2 id="two-factor-heading" className={styles.cardTitle}>
                Two-factor sign-in
              </h2>
              {user ? <Badge tone={isEnabled ? 'success' : 'neutral'}>{isEnabled ? 'On' : 'Off'}</Badge> : null}
            </div>
            {isLoading ? (
              <Skeleton height="72px" />
            ) : user ? (
              <>
                {isEnabled ? (
                  <dl className={styles.facts}>
                    <dt>Codes go to</dt>
                    <dd>the phone ending in {user.phoneEnding ?? '—'}</dd>
                    {user.twoFactor.verifiedAt ? (
                      <>
                        <dt>On since</dt>
                        <dd>{formatDate(user.twoFactor.verifiedAt)}</dd>
                      </>
                    ) : null}
                  </dl>
                ) : (
                  <p className={styles.muted}>
                    When it is on, signing in also asks for a 6-digit code we text to your phone.
                  </p>
                )}
                {user.hasPassword ? null : (
                  <Alert tone="info">Set a password first: turning two-factor on or off asks for it.</Alert>
                )}
                <div className={styles.actions}>
                  <Button
                    variant={isEnabled ? 'secondary' : 'primary'}
                    onClick={() => setIsReauthenticating(true)}
                    disabled={!user.hasPassword}
                  >
                    {isEnabled ? 'Turn off two-factor' : 'Turn on two-factor'}
                  </Button>
                </div>
              </>
            ) : null}
          </section>

          <SignedInDevices />

          <section className={styles.card} aria-labelledby="delete-heading">
            <h2 id="delete-heading" className={styles.cardTitle}>
              Delete account
            </h2>
            <p className={styles.muted}>
              Remove your account and personal data. You have seven days to change your mind.
            </p>
            <div className={styles.actions}>
              <Link to="/account/delete" className={styles.dangerLink}>
                Delete my account
              </Link>
            </div>
          </section>
        </>
      )}

      <PasswordConfirmDialog
        isOpen={isReauthenticating}
        onClose={() => setIsReauthenticating(false)}
        title="Confirm with your password"
        description={
          isEnabled
            ? 'Enter your password; we will then text a code to confirm turning two-factor off.'
            : 'Enter your password before adding a phone for two-factor sign-in.'
        }
        confirmLabel="Continue"
        onConfirm={reauthenticated}
      />
      <TwoFactorDialog isEnabling={isEnabling} step={step} onStep={setStep} />
    </div>
  );
}
