import { ComingSoonPage } from '../../ui/coming-soon-page.tsx';

export default function PassDetailPage() {
  return <ComingSoonPage name="Pass" purpose="See what a pass includes and buy it." />;
}
