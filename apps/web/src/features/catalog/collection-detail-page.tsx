import { ComingSoonPage } from '../../ui/coming-soon-page.tsx';

export default function CollectionDetailPage() {
  return <ComingSoonPage name="Collection" purpose="See every product in a collection." />;
}
