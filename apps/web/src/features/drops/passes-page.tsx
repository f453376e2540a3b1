import { ComingSoonPage } from '../../ui/coming-soon-page.tsx';

export default function PassesPage() {
  return <ComingSoonPage name="Passes" purpose="Browse passes and what each one unlocks." />;
}
