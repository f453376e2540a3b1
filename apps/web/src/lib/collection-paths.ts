/** Addresses of the collection's pages, shared by the collection and drops features (an opened pack links its NFTs). */
export function nftPath(editionId: string): string {
  return `/nfts/${editionId}`;
}
