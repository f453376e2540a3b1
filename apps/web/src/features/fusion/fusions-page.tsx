import { ComingSoonPage } from '../../ui/coming-soon-page.tsx';

export default function FusionsPage() {
  return (
    <ComingSoonPage
      name="Fusions"
      purpose="Browse fusions that are coming up, available or ended, by brand and category."
    />
  );
}
