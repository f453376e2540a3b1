/** `/products/nfts/:id/`: the same NFT page, reached from a product's pages (spec section 2 names both addresses). */
export { default } from './nft-detail-page.tsx';
