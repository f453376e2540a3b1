import type { TConfig } from '../../config.ts';
import type { ChainPort } from './chain.ts';
import { custodialChain } from './custodial-chain.ts';
import { evmChain } from './evm-chain.ts';

/** One adapter per configuration: the app and every job run share it (and the chain id it checked once). */
const built = new WeakMap<object, ChainPort>();

/** The EVM adapter where CHAIN_RPC_URL, CHAIN_CONTRACT_ADDRESS and CHAIN_SIGNER_KEY are set; else the custodial registry. */
export function configuredChain(config: Pick<TConfig, 'chain'>): ChainPort {
  if (!config.chain) return custodialChain;
  let chain = built.get(config.chain);
  if (!chain) built.set(config.chain, (chain = evmChain(config.chain)));
  return chain;
}
