import { ComingSoonPage } from '../../ui/coming-soon-page.tsx';

export default function ProductDetailPage() {
  return <ComingSoonPage name="Product" purpose="See a product’s rarities, editions and recent activity." />;
}
