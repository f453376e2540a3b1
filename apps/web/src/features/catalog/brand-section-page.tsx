import { ComingSoonPage } from '../../ui/coming-soon-page.tsx';

export default function BrandSectionPage() {
  return (
    <ComingSoonPage name="Brand" purpose="See one part of a brand’s catalogue, such as its collections or its drops." />
  );
}
