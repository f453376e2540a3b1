import { ComingSoonPage } from '../../ui/coming-soon-page.tsx';

export default function EmailVerifiedPage() {
  return <ComingSoonPage name="Email verified" purpose="Your email address is confirmed; next, create your profile." />;
}
