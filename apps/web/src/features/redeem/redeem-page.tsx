import { ComingSoonPage } from '../../ui/coming-soon-page.tsx';

export default function RedeemPage() {
  return <ComingSoonPage name="Redeem a code" purpose="Enter a redeem code to claim the collectible it holds." />;
}
