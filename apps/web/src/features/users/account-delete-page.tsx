import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { checkPassword } from '../../api/check-password.ts';
import { useMyUser } from '../../api/my-user.ts';
import { Alert } from '../../ui/alert.tsx';
import { Button } from '../../ui/button.tsx';
import { PageMeta } from '../../ui/page-meta.tsx';
import { PasswordConfirmDialog } from '../../ui/password-confirm-dialog.tsx';
import { deletionBlockers, type DeletionBlocker } from './account-messages.ts';
import { requestAccountDeletion } from './api/request-account-deletion.ts';
import styles from '../../ui/account-page.module.css';

/** Left for /signin through router state (see sign-in-notices.ts in the auth feature). */
const DELETION_REQUESTED_NOTICE = 'deletion-requested';

/**
 * `/account/delete`: says what deletion means, asks for the password, then asks for the deletion. Refused while
 * assets remain (the list says which); accepted, every session ends and the person lands on /signin.
 */
export default function AccountDeletePage() {
  const navigate = useNavigate();
  const { user } = useMyUser();
  const [isConfirming, setIsConfirming] = useState(false);
  const [blockers, setBlockers] = useState<DeletionBlocker[]>();

  async function confirm(password: string) {
    await checkPassword(password);
    try {
      await requestAccountDeletion();
    } catch (error) {
      const held = deletionBlockers(error);
      if (!held) throw error;
      setBlockers(held);
      setIsConfirming(false);
      return;
    }
    setIsConfirming(false);
    // The API already ended every session. The sign-in page clears this device's session when it shows the notice:
    // cleared here, on a signed-in page, the shell would send the person to /signin?redirectTo=/account/delete.
    void navigate('/signin', { replace: true, state: { notice: DELETION_REQUESTED_NOTICE } });
  }

  return (
    <div className={`container ${styles.page}`}>
      <PageMeta title="Delete account" />
      <header className={styles.header}>
        <h1 className={styles.title}>Delete account</h1>
        <p className={styles.intro}>We are sorry to see you go. Please read what deleting your account means.</p>
      </header>
      <section className={styles.card} aria-labelledby="delete-what-happens">
        <h2 id="delete-what-happens" className={styles.cardTitle}>
          What happens
        </h2>
        <ul className={styles.list}>
          <li>
            Your balance, packs and NFTs must be empty first: we cannot delete an account that still holds assets. Open
            your packs; NFTs you exported to a wallet of your own have left and do not count. CYP credit from check-ins,
            codes and gifts is not money you paid in: whatever is left of it ends with the account.
          </li>
          <li>
            Passes and tickets you hold, bought or given, end with the account: they cannot be moved to another one. Use
            them first if you want what they give.
          </li>
          <li>
            A payment you started must complete or expire first, so that its money cannot arrive after you are gone.
          </li>
          <li>You are signed out on every device as soon as you ask.</li>
          <li>
            For seven days you can change your mind: sign in again and cancel the request. After that your personal
            data, your public profile and your favorites are removed for good, and your email address is freed.
          </li>
          <li>When the deletion completes, a connected Discord account is disconnected and its roles are reset.</li>
        </ul>
        {blockers ? (
          <Alert tone="error" title="Your account still holds assets">
            <p>Empty or wait for these first, then ask again:</p>
            <ul className={styles.list}>
              {blockers.map((blocker) => (
                <li key={blocker.kind}>
                  <strong>{blocker.kind}:</strong> {blocker.message}
                  {blocker.next ? (
                    <>
                      {' '}
                      <Link to={blocker.next.to}>{blocker.next.label}</Link>
                    </>
                  ) : null}
                </li>
              ))}
            </ul>
          </Alert>
        ) : null}
        {user && !user.hasPassword ? (
          <Alert tone="info" title="Set a password first">
            You signed up with Google, so your account has no password to confirm with.{' '}
            <Link to="/password/reset">Set one by email</Link>, then come back here.
          </Alert>
        ) : null}
        <div className={styles.actions}>
          <Button variant="danger" onClick={() => setIsConfirming(true)} disabled={user ? !user.hasPassword : false}>
            Delete my account
          </Button>
          <Link to="/profile/edit" className={styles.inlineLink}>
            Keep my account
          </Link>
        </div>
      </section>
      <PasswordConfirmDialog
        isOpen={isConfirming}
        onClose={() => setIsConfirming(false)}
        title="Confirm with your password"
        description="Enter your password to ask for your account to be deleted. You can cancel within seven days."
        confirmLabel="Delete my account"
        isDanger
        onConfirm={confirm}
      />
    </div>
  );
}
