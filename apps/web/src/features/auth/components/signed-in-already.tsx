import { Navigate } from 'react-router';
import { useMyUser } from '../../../api/my-user.ts';
import { Spinner } from '../../../ui/spinner.tsx';
import { AuthLayout } from './auth-layout.tsx';
import styles from './auth-form.module.css';

/**
 * Sign-in or sign-up opened with a session stored in this browser: go on to `to` once the API has answered for it.
 * Not before: a stored session may have died (its refresh token expired or revoked), and the page gone to would find
 * that out and leave the person signed out somewhere they did not ask for (home, or sign-in when they came to sign
 * up). A dead session is forgotten meanwhile, and the page under this shows its form.
 */
export function SignedInAlready({ to, title }: { to: string; title: string }) {
  const { isLoading } = useMyUser();
  if (!isLoading) return <Navigate to={to} replace />;
  return (
    <AuthLayout title={title} heading={title}>
      <p className={styles.muted} role="status">
        <Spinner /> Checking your session, one moment…
      </p>
    </AuthLayout>
  );
}
