import { ComingSoonPage } from '../../ui/coming-soon-page.tsx';

export default function PurchaseCardPage() {
  return <ComingSoonPage name="Pay by card" purpose="Pay for your purchase with a credit card." />;
}
