import { keccak256, toHex } from 'viem';
import type { ChainPort } from './chain.ts';

/**
 * The default chain: the custodial registry in the database is the record (chain_contracts gives each collection its
 * contract address and each edition its token id; editions say who holds it, and an export's history row names the
 * wallet it went to). Nothing is sent anywhere, so `isOnChain` is false and no mint or transfer intent is recorded at
 * all: a row per edition that is born CONFIRMED would double the writes of a 2,000,000-edition publication to say
 * what the editions table already says. Its operations complete at once without an outside call, for a caller that
 * reaches them anyway: a "transaction" is the hash of the call, mined as soon as it is sent.
 */
export const custodialChain: ChainPort = {
  name: 'custodial',
  isOnChain: false,
  signerAddress: null,
  contractAddress: null,
  transactionCount: async () => 0,
  sign: async (call) => {
    const rawTransaction = toHex(`custodial:${call.kind}:${call.tokenId}:${call.to}:${call.nonce}`);
    return { rawTransaction, hash: keccak256(rawTransaction) };
  },
  broadcast: async () => 'accepted',
  receipt: async () => 'CONFIRMED',
};
