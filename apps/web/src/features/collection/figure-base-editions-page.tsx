import { ComingSoonPage } from '../../ui/coming-soon-page.tsx';

export default function FigureBaseEditionsPage() {
  return (
    <ComingSoonPage
      name="Figure base editions"
      purpose="Choose editions from your collection to equip on a figure base."
    />
  );
}
