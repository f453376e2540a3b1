import { ComingSoonPage } from '../../ui/coming-soon-page.tsx';

export default function LicensePage() {
  return <ComingSoonPage name="License" purpose="See a license and the collections made under it." />;
}
