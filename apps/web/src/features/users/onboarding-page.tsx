import { ComingSoonPage } from '../../ui/coming-soon-page.tsx';

export default function OnboardingPage() {
  return (
    <ComingSoonPage name="Welcome" purpose="A short tour of drops, your collection, fusion and daily check-ins." />
  );
}
