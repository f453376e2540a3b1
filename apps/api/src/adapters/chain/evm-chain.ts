import {
  BaseError,
  createPublicClient,
  encodeFunctionData,
  http,
  keccak256,
  TransactionReceiptNotFoundError,
  type Hex,
} from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import type { TChainConfig } from '../../config.ts';
import type { ChainPort, TChainCall } from './chain.ts';
import { erc721Abi } from './erc721-abi.ts';

/** A node that does not answer in this long fails the call; the intent stays as it was and the next run tries again. */
const RPC_TIMEOUT_MS = 10_000;

/**
 * The fee cap over the latest base fee: twice it, the usual rule, so a signed transaction still fits after six full
 * blocks in a row. Signed bytes are stored and re-sent unchanged, so this cap is what they keep for good (decision
 * record 25: no fee bumping yet).
 */
const BASE_FEE_HEADROOM = 2n;

/**
 * The EVM adapter behind the chain port: an ERC-721 contract (erc721-abi.ts) on any JSON-RPC node, through viem.
 * The key stays in this process (a local account): transactions are signed here and sent as raw bytes, so the node
 * never holds it and the bytes can be stored before they are sent (chain.ts). Errors name the node as
 * CHAIN_RPC_URL and never carry its address (it may hold a provider's API key) nor anything about the key.
 */
export function evmChain(config: TChainConfig, options: { timeoutMs?: number } = {}): ChainPort {
  const account = privateKeyToAccount(config.signerKey());
  const client = createPublicClient({
    // No retries inside viem: a failed call leaves the intent for the next run, which is the retry.
    transport: http(config.rpcUrl, { timeout: options.timeoutMs ?? RPC_TIMEOUT_MS, retryCount: 0 }),
  });
  const call = async <T>(work: () => Promise<T>): Promise<T> => {
    try {
      return await work();
    } catch (error) {
      throw nodeError(error, config.rpcUrl);
    }
  };
  let chainId: number | null = null;
  const checkedChainId = async (): Promise<number> => {
    if (chainId !== null) return chainId;
    const id = await call(() => client.getChainId());
    if (config.chainId !== undefined && id !== config.chainId) {
      throw new Error(`CHAIN_RPC_URL serves chain ${id}, not CHAIN_ID ${config.chainId}: nothing is signed for it`);
    }
    return (chainId = id);
  };

  return {
    name: 'evm',
    isOnChain: true,
    signerAddress: account.address,
    contractAddress: config.contractAddress,
    transactionCount: () => call(() => client.getTransactionCount({ address: account.address, blockTag: 'pending' })),

    async sign(request) {
      const id = await checkedChainId();
      const data = calldataOf(request, account.address);
      const to = config.contractAddress;
      // A call the contract would refuse throws here (the node's "execution reverted"), before any gas is spent; the
      // intent keeps its nonce and the queue waits behind it rather than burning a fee per refused token.
      const gas = await call(() => client.estimateGas({ account: account.address, to, data }));
      const block = await call(() => client.getBlock({ blockTag: 'latest' }));
      const priorityFee = await call(() => client.estimateMaxPriorityFeePerGas());
      const maxFeePerGas = (block.baseFeePerGas ?? 0n) * BASE_FEE_HEADROOM + priorityFee;
      const rawTransaction = await account.signTransaction({
        type: 'eip1559',
        chainId: id,
        nonce: request.nonce,
        to,
        data,
        value: 0n,
        gas,
        maxFeePerGas,
        maxPriorityFeePerGas: priorityFee,
      });
      return { rawTransaction, hash: keccak256(rawTransaction) };
    },

    async broadcast(rawTransaction) {
      try {
        await client.sendRawTransaction({ serializedTransaction: rawTransaction });
        return 'accepted';
      } catch (error) {
        const text = errorText(error);
        // Geth says "already known", others "known transaction" or "already imported": the same bytes, sent before.
        if (/already known|known transaction|already imported/i.test(text)) return 'accepted';
        if (/nonce too low|nonce has already been used/i.test(text)) return 'nonce-used';
        throw nodeError(error, config.rpcUrl);
      }
    },

    async receipt(hash) {
      try {
        const receipt = await client.getTransactionReceipt({ hash });
        return receipt.status === 'success' ? 'CONFIRMED' : 'REVERTED';
      } catch (error) {
        if (error instanceof TransactionReceiptNotFoundError) return null;
        throw nodeError(error, config.rpcUrl);
      }
    },
  };
}

function calldataOf(request: TChainCall, custodian: Hex): Hex {
  return request.kind === 'MINT'
    ? encodeFunctionData({
        abi: erc721Abi,
        functionName: 'safeMint',
        args: [request.to, request.tokenId, request.tokenUri],
      })
    : encodeFunctionData({
        abi: erc721Abi,
        functionName: 'safeTransferFrom',
        args: [custodian, request.to, request.tokenId],
      });
}

/** Every message and detail along viem's cause chain: where a node's own words ("nonce too low") end up. */
function errorText(error: unknown): string {
  const parts: string[] = [];
  for (let current: unknown = error; current; current = (current as { cause?: unknown }).cause) {
    const { message, details } = current as { message?: unknown; details?: unknown };
    if (typeof details === 'string') parts.push(details);
    if (typeof message === 'string') parts.push(message);
  }
  return parts.join(' | ');
}

/**
 * What a failed node call becomes: viem's short message and the node's own detail, with the node's address replaced
 * by its setting's name. viem's full message lists the URL and the request body, which are not for logs.
 */
function nodeError(error: unknown, rpcUrl: string): Error {
  if (!(error instanceof BaseError)) return error instanceof Error ? error : new Error(String(error));
  const detail = error.details && error.details !== error.shortMessage ? `: ${error.details}` : '';
  let message = `chain node (CHAIN_RPC_URL): ${error.shortMessage}${detail}`;
  for (const spelling of new Set([rpcUrl, new URL(rpcUrl).href]))
    message = message.replaceAll(spelling, 'CHAIN_RPC_URL');
  return new Error(message.slice(0, 500));
}
