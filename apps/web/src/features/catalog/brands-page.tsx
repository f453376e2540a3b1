import { ComingSoonPage } from '../../ui/coming-soon-page.tsx';

export default function BrandsPage() {
  return <ComingSoonPage name="Brands" purpose="Discover the brands whose collectibles you can collect." />;
}
