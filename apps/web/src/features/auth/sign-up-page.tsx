import { ComingSoonPage } from '../../ui/coming-soon-page.tsx';

export default function SignUpPage() {
  return (
    <ComingSoonPage
      name="Sign up"
      purpose="Create an account with your email and a password, agreeing to the terms of service and privacy policy."
    />
  );
}
