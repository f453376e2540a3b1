import { ComingSoonPage } from '../../ui/coming-soon-page.tsx';

export default function EmailVerifyPage() {
  return (
    <ComingSoonPage
      name="Verify your email"
      purpose="Confirm your email address, or have the verification email sent again."
    />
  );
}
