import { ComingSoonPage } from '../../ui/coming-soon-page.tsx';

export default function PurchaseStatusPage() {
  return (
    <ComingSoonPage
      name="Purchase status"
      purpose="Follow your purchase from pending to success, failure or time-out."
    />
  );
}
