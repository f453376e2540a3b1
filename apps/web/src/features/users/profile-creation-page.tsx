import { ComingSoonPage } from '../../ui/coming-soon-page.tsx';

export default function ProfileCreationPage() {
  return (
    <ComingSoonPage
      name="Create your profile"
      purpose="Choose a nickname and a photo, and decide whether to hear about new drops."
    />
  );
}
