import { ComingSoonPage } from '../../ui/coming-soon-page.tsx';

export default function BrandDetailPage() {
  return <ComingSoonPage name="Brand" purpose="See a brand’s drops, collections and products." />;
}
