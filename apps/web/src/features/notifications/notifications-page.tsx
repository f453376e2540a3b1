import { ComingSoonPage } from '../../ui/coming-soon-page.tsx';

export default function NotificationsPage() {
  return (
    <ComingSoonPage
      name="Notifications"
      purpose="Follow your purchases, tickets, passes, fusions, airdrops and redeems as they happen."
    />
  );
}
