import { ComingSoonPage } from '../../ui/coming-soon-page.tsx';

export default function NftDetailPage() {
  return (
    <ComingSoonPage
      name="NFT details"
      purpose="See an NFT’s contract address, token ID, owner, properties, edition history and collection activity."
    />
  );
}
