/**
 * The whole of what the EVM adapter asks of the token contract: four functions of an ERC-721 (EIP-721) with a
 * per-token URI. It is what the OpenZeppelin Contracts Wizard (v5) writes for "ERC721" with Mintable and URI Storage
 * ticked and auto-increment ids left off:
 *
 *   function safeMint(address to, uint256 tokenId, string memory uri) public onlyOwner
 *
 * plus the standard's own safeTransferFrom(from, to, tokenId), ownerOf(tokenId) and tokenURI(tokenId). The key in
 * CHAIN_SIGNER_KEY must be the contract's owner (its minter); the tokens are minted to that same address, the
 * custodian, and leave it only by an export's transfer. Ids are ours (chainTokenId), not the contract's counter, so
 * the registry stays the record and a mint sent twice is refused by the contract as well.
 */
export const erc721Abi = [
  {
    type: 'function',
    name: 'safeMint',
    stateMutability: 'nonpayable',
    inputs: [
      { name: 'to', type: 'address' },
      { name: 'tokenId', type: 'uint256' },
      { name: 'uri', type: 'string' },
    ],
    outputs: [],
  },
  {
    // The three-argument overload; a receiver that is a contract must accept ERC-721 tokens (a Safe does), so a token
    // is never sent where nothing can move it again.
    type: 'function',
    name: 'safeTransferFrom',
    stateMutability: 'nonpayable',
    inputs: [
      { name: 'from', type: 'address' },
      { name: 'to', type: 'address' },
      { name: 'tokenId', type: 'uint256' },
    ],
    outputs: [],
  },
  {
    type: 'function',
    name: 'ownerOf',
    stateMutability: 'view',
    inputs: [{ name: 'tokenId', type: 'uint256' }],
    outputs: [{ name: '', type: 'address' }],
  },
  {
    type: 'function',
    name: 'tokenURI',
    stateMutability: 'view',
    inputs: [{ name: 'tokenId', type: 'uint256' }],
    outputs: [{ name: '', type: 'string' }],
  },
] as const;
