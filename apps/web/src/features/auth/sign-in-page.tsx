import { ComingSoonPage } from '../../ui/coming-soon-page.tsx';

export default function SignInPage() {
  return (
    <ComingSoonPage
      name="Sign in"
      purpose="Sign in with your email and password or with Google, and confirm with an SMS code when two-factor sign-in is on."
    />
  );
}
