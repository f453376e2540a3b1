import { ComingSoonPage } from '../../ui/coming-soon-page.tsx';

export default function PasswordResetPage() {
  return <ComingSoonPage name="Reset password" purpose="Get an email with a link to choose a new password." />;
}
