import { ComingSoonPage } from '../../ui/coming-soon-page.tsx';

export default function FusionSlotsPage() {
  return (
    <ComingSoonPage
      name="Choose materials"
      purpose="Pick materials from your collection for each slot; locked NFTs stay protected."
    />
  );
}
