import { Navigate } from 'react-router';
import { useMyUser } from '../../api/my-user.ts';
import { EmailVerifiedPanel } from './components/email-verified-panel.tsx';

/** `/email/verified`: the success screen for a link opened elsewhere. Exempt from the status redirect. */
export default function EmailVerifiedPage() {
  const { user } = useMyUser();
  // Signed in with the address still unconfirmed (the page opened by hand, an old tab): nothing was verified, and
  // "Email verified" would send them on to a profile the app then turns them back from. The inbox page says what to do.
  if (user && !user.isEmailVerified) return <Navigate to="/email/verify" replace />;
  return <EmailVerifiedPanel status={user?.status} />;
}
