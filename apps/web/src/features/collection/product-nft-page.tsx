import { ComingSoonPage } from '../../ui/coming-soon-page.tsx';

export default function ProductNftPage() {
  return (
    <ComingSoonPage
      name="NFT"
      purpose="See an NFT of a product: its contract address, token ID, owner and properties."
    />
  );
}
