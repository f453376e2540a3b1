import { ComingSoonPage } from '../../ui/coming-soon-page.tsx';

export default function AccountSecurityPage() {
  return (
    <ComingSoonPage
      name="Account security"
      purpose="Reset your password and turn two-factor sign-in by SMS on or off."
    />
  );
}
