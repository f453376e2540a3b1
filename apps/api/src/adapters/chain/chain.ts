/*
 * The chain port: how an edition of the custodial registry (collection/chain-contracts.ts) is mirrored as a token on a
 * chain. Two adapters sit behind it: custodial-chain.ts (the default: the database is the record, nothing is sent) and
 * evm-chain.ts (an ERC-721 contract through a JSON-RPC node). Decision record 25.
 *
 * The port is split where house rule 7 needs a seam: `sign` makes the exact bytes for a nonce the caller has already
 * recorded, the caller records those bytes and their hash, and only then does `broadcast` send them. Sending the same
 * bytes again after a crash can only ever land once (one nonce, one hash), so no outcome is lost and nothing is minted
 * twice. Every method is an outside call: never inside a database transaction.
 */

export type TChainAddress = `0x${string}`;
export type THex = `0x${string}`;

export interface TChainCall {
  kind: 'MINT' | 'TRANSFER';
  /** The token id on the contract: chainTokenId of the edition's registry contract and token id. */
  tokenId: bigint;
  /** A mint's recipient (the custodian, the signer) or a transfer's (the collector's wallet). */
  to: TChainAddress;
  /** A mint's token URI: the edition's ERC-721 metadata on this site. */
  tokenUri: string;
  /** The signer's nonce, recorded before signing (chain_transactions.nonce). */
  nonce: number;
}

interface TSignedChainTransaction {
  /** The signed transaction as sent: public once broadcast, so it is stored as is and re-sent unchanged. */
  rawTransaction: THex;
  hash: THex;
}

/**
 * `accepted`: the node has it (first time, or it already knew it). `nonce-used`: the node says the nonce is spent,
 * either by this very transaction (its receipt says so) or by another one signed elsewhere with the same key.
 */
type TBroadcastOutcome = 'accepted' | 'nonce-used';

/** CONFIRMED: mined and succeeded; REVERTED: mined and refused by the contract; null: not mined (yet). */
type TReceiptOutcome = 'CONFIRMED' | 'REVERTED' | null;

export interface ChainPort {
  name: 'custodial' | 'evm';
  /** Whether editions are mirrored on a chain: mint and transfer intents are recorded, and sent, only then. */
  isOnChain: boolean;
  /** The custodian: the key's address, which owns every token until an export. Null for the custodial registry. */
  signerAddress: TChainAddress | null;
  /** The ERC-721 contract every edition is minted on. Null for the custodial registry. */
  contractAddress: TChainAddress | null;
  /** The signer's next nonce as the node counts it, pending transactions included. */
  transactionCount(): Promise<number>;
  /** Prepares (gas, fees) and signs the call with its recorded nonce; nothing is sent. */
  sign(call: TChainCall): Promise<TSignedChainTransaction>;
  broadcast(rawTransaction: THex): Promise<TBroadcastOutcome>;
  receipt(hash: THex): Promise<TReceiptOutcome>;
}

/**
 * The token id on the one EVM contract for token `tokenId` of registry contract `registryAddress`: the registry's
 * 160-bit address in the high bits and its token id (consecutive, below 2^63) in the low 96. The registry has a
 * contract per collection while the chain has one contract, so ids 1, 2, 3 of two collections must not meet; this
 * keeps them apart, is the same on every copy of the database, and reads back into address and id.
 */
export function chainTokenId(registryAddress: string, tokenId: number | bigint): bigint {
  const id = BigInt(tokenId);
  if (id < 0n || id >= 1n << 96n) throw new Error(`token id ${id} does not fit in 96 bits`);
  return (BigInt(registryAddress) << 96n) | id;
}

/** A mint's token URI: the edition's ERC-721 metadata (GET /v1/nfts/{id}/metadata.json) on this site. */
export function tokenUriOf(publicUrl: string, editionId: string): string {
  return `${publicUrl}/v1/nfts/${editionId}/metadata.json`;
}
