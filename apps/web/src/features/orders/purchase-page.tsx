import { ComingSoonPage } from '../../ui/coming-soon-page.tsx';

export default function PurchasePage() {
  return (
    <ComingSoonPage name="Purchase" purpose="Review the unit price and fee, then pay from your balance or add funds." />
  );
}
