import { ComingSoonPage } from '../../ui/coming-soon-page.tsx';

export default function ProductsPage() {
  return <ComingSoonPage name="Products" purpose="Browse products by brand, rarity and category." />;
}
