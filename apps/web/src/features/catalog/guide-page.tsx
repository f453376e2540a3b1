import { ComingSoonPage } from '../../ui/coming-soon-page.tsx';

export default function GuidePage() {
  return <ComingSoonPage name="Guide" purpose="Learn how drops, packs, your collection, fusion and check-ins work." />;
}
