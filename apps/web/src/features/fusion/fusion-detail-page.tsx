import { ComingSoonPage } from '../../ui/coming-soon-page.tsx';

export default function FusionDetailPage() {
  return (
    <ComingSoonPage
      name="Fusion"
      purpose="See what a fusion needs, what it makes, and burn your materials into the result."
    />
  );
}
