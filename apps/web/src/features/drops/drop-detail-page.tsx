import { ComingSoonPage } from '../../ui/coming-soon-page.tsx';

export default function DropDetailPage() {
  return (
    <ComingSoonPage name="Drop" purpose="See a drop’s rounds, its total and guaranteed editions, and buy a pack." />
  );
}
