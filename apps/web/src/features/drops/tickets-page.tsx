import { ComingSoonPage } from '../../ui/coming-soon-page.tsx';

export default function TicketsPage() {
  return <ComingSoonPage name="Tickets" purpose="Browse tickets and buy them." />;
}
