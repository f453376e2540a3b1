import { ComingSoonPage } from '../../ui/coming-soon-page.tsx';

export default function CollectionsPage() {
  return <ComingSoonPage name="Collections" purpose="Browse collections, sorted by brand." />;
}
