import { useMyUser } from '../../api/my-user.ts';
import { EmailVerifiedPanel } from './components/email-verified-panel.tsx';

/** `/email/verified`: the success screen for a link opened elsewhere. Exempt from the status redirect. */
export default function EmailVerifiedPage() {
  const { user } = useMyUser();
  return <EmailVerifiedPanel status={user?.status} />;
}
