import { ComingSoonPage } from '../../ui/coming-soon-page.tsx';

export default function PasswordChangePage() {
  return <ComingSoonPage name="Change password" purpose="Choose a new password for your account." />;
}
