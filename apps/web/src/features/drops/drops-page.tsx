import { ComingSoonPage } from '../../ui/coming-soon-page.tsx';

export default function DropsPage() {
  return <ComingSoonPage name="Drops" purpose="Browse drops that are available now, coming up next, or completed." />;
}
