import { ComingSoonPage } from '../../ui/coming-soon-page.tsx';

export default function ProfileEditPage() {
  return <ComingSoonPage name="Edit profile" purpose="Change your nickname, photo and background image." />;
}
