import http from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  decodeFunctionData,
  encodeFunctionResult,
  keccak256,
  parseTransaction,
  recoverTransactionAddress,
  toHex,
  type Address,
  type Hex,
} from 'viem';
import { erc721Abi } from '../adapters/chain/erc721-abi.ts';

/**
 * An EVM node's JSON-RPC on loopback (127.0.0.1, a free port), as far as the EVM adapter and viem use it, with one
 * ERC-721 contract (erc721-abi.ts) kept as a map of owners. Not an EVM: no bytecode runs, so it checks what the
 * adapter asks of a chain (signatures, the chain id, nonces in order, a mint only by the minter and only once, a
 * transfer only by the token's owner) and not the contract itself (README, "Chain"). No local EVM installs from npm
 * here without native binaries or downloads.
 *
 * Like a node: a signed transaction is checked (chain id, sender recovered from its signature, nonce equal to the
 * sender's next: lower is "nonce too low", the same bytes again "already known"), pooled, and mined into a block of
 * its own (at once, or when the test says with `autoMine: false`); a call the contract refuses is still mined,
 * reverted, its nonce spent. Faults on demand: a method answering HTTP 503, or doing its work and losing the answer
 * (a process that stopped right after sending, as far as the sender can tell).
 */

type TFault = { method: string; mode: 'http-503' | 'lose-answer'; remaining: number };

interface TPooled {
  hash: Hex;
  from: Address;
  nonce: number;
  to: Address | null;
  data: Hex;
}

interface TReceipt {
  hash: Hex;
  from: Address;
  to: Address | null;
  blockNumber: number;
  isSuccess: boolean;
}

const lower = (address: string) => address.toLowerCase() as Address;

class Revert extends Error {}

export async function evmJsonRpcStandIn(options: {
  contractAddress: Address;
  /** The only address allowed to mint (the contract's owner). */
  minter: Address;
  chainId?: number;
  autoMine?: boolean;
}) {
  const chainId = options.chainId ?? 31_337;
  const contract = lower(options.contractAddress);
  const minter = lower(options.minter);
  const minedNonces = new Map<Address, number>();
  const pool: TPooled[] = [];
  const receipts = new Map<Hex, TReceipt>();
  const owners = new Map<bigint, Address>();
  const tokenUris = new Map<bigint, string>();
  const faults: TFault[] = [];
  /** Every method called, in order; and every transaction accepted into the pool (a resend is not accepted twice). */
  const calls: string[] = [];
  const accepted: TPooled[] = [];
  let blockNumber = 1;

  const pendingNonce = (address: Address) =>
    (minedNonces.get(address) ?? 0) + pool.filter((pooled) => pooled.from === address).length;

  /** Runs a call against the owners map; throws Revert where the contract would revert. Changes state if `apply`. */
  function execute(from: Address, to: Address | null, data: Hex, apply: boolean): void {
    if (to === null || lower(to) !== contract) return;
    const call = decodeFunctionData({ abi: erc721Abi, data });
    if (call.functionName === 'safeMint') {
      const [recipient, tokenId, uri] = call.args;
      if (from !== minter) throw new Revert('OwnableUnauthorizedAccount');
      if (owners.has(tokenId)) throw new Revert('ERC721InvalidSender');
      if (apply) {
        owners.set(tokenId, lower(recipient));
        tokenUris.set(tokenId, uri);
      }
      return;
    }
    if (call.functionName === 'safeTransferFrom') {
      const [owner, recipient, tokenId] = call.args;
      if (owners.get(tokenId) === undefined) throw new Revert('ERC721NonexistentToken');
      if (owners.get(tokenId) !== lower(owner) || from !== lower(owner)) throw new Revert('ERC721IncorrectOwner');
      if (apply) owners.set(tokenId, lower(recipient));
      return;
    }
    throw new Revert(`${call.functionName} is not a transaction`);
  }

  function mine(): void {
    for (const pooled of pool.splice(0)) {
      let isSuccess = true;
      try {
        execute(pooled.from, pooled.to, pooled.data, true);
      } catch (error) {
        if (!(error instanceof Revert)) throw error;
        isSuccess = false;
      }
      minedNonces.set(pooled.from, pooled.nonce + 1);
      blockNumber += 1;
      receipts.set(pooled.hash, { ...pooled, blockNumber, isSuccess });
    }
  }

  async function sendRawTransaction(raw: Hex): Promise<Hex> {
    const hash = keccak256(raw);
    if (receipts.has(hash)) throw new RpcError(-32000, 'nonce too low');
    if (pool.some((pooled) => pooled.hash === hash)) throw new RpcError(-32000, 'already known');
    const transaction = parseTransaction(raw);
    if (transaction.chainId !== chainId) throw new RpcError(-32000, 'invalid chain id');
    const from = lower(await recoverTransactionAddress({ serializedTransaction: raw as never }));
    const nonce = transaction.nonce ?? 0;
    const expected = pendingNonce(from);
    if (nonce < expected) throw new RpcError(-32000, 'nonce too low');
    if (nonce > expected) throw new RpcError(-32000, `nonce too high: next is ${expected}`);
    const pooled = { hash, from, nonce, to: transaction.to ?? null, data: transaction.data ?? '0x' };
    pool.push(pooled);
    accepted.push(pooled);
    if (options.autoMine ?? true) mine();
    return hash;
  }

  function receiptJson(receipt: TReceipt) {
    const blockHash = keccak256(toHex(`block ${receipt.blockNumber}`));
    return {
      transactionHash: receipt.hash,
      transactionIndex: '0x0',
      blockHash,
      blockNumber: toHex(receipt.blockNumber),
      from: receipt.from,
      to: receipt.to,
      cumulativeGasUsed: '0x30000',
      gasUsed: '0x30000',
      effectiveGasPrice: '0x3b9aca00',
      contractAddress: null,
      logs: [],
      logsBloom: `0x${'0'.repeat(512)}`,
      status: receipt.isSuccess ? '0x1' : '0x0',
      type: '0x2',
    };
  }

  function latestBlock() {
    return {
      number: toHex(blockNumber),
      hash: keccak256(toHex(`block ${blockNumber}`)),
      parentHash: keccak256(toHex(`block ${blockNumber - 1}`)),
      timestamp: toHex(1_790_000_000 + blockNumber * 12),
      baseFeePerGas: '0x3b9aca00',
      gasLimit: '0x1c9c380',
      gasUsed: '0x0',
      miner: `0x${'0'.repeat(40)}`,
      difficulty: '0x0',
      totalDifficulty: '0x0',
      extraData: '0x',
      logsBloom: `0x${'0'.repeat(512)}`,
      nonce: '0x0000000000000000',
      mixHash: `0x${'0'.repeat(64)}`,
      sha3Uncles: `0x${'0'.repeat(64)}`,
      stateRoot: `0x${'0'.repeat(64)}`,
      transactionsRoot: `0x${'0'.repeat(64)}`,
      receiptsRoot: `0x${'0'.repeat(64)}`,
      size: '0x200',
      transactions: [],
      uncles: [],
    };
  }

  async function answer(method: string, params: unknown[]): Promise<unknown> {
    switch (method) {
      case 'eth_chainId':
        return toHex(chainId);
      case 'eth_blockNumber':
        return toHex(blockNumber);
      case 'eth_getBlockByNumber':
        return latestBlock();
      case 'eth_gasPrice':
        return '0x77359400';
      case 'eth_maxPriorityFeePerGas':
        return '0x3b9aca00';
      case 'eth_getTransactionCount': {
        const [address, tag] = params as [Address, string];
        return toHex(tag === 'pending' ? pendingNonce(lower(address)) : (minedNonces.get(lower(address)) ?? 0));
      }
      case 'eth_estimateGas': {
        const [call] = params as [{ from: Address; to: Address; data: Hex }];
        simulate(() => execute(lower(call.from), call.to, call.data, false));
        return '0x30000';
      }
      case 'eth_call': {
        const [call] = params as [{ to: Address; data: Hex }];
        if (lower(call.to) !== contract) return '0x';
        return simulate(() => {
          const read = decodeFunctionData({ abi: erc721Abi, data: call.data });
          const tokenId = read.args[read.args.length === 1 ? 0 : 2] as bigint;
          const owner = owners.get(tokenId);
          if (!owner) throw new Revert('ERC721NonexistentToken');
          if (read.functionName === 'ownerOf') {
            return encodeFunctionResult({ abi: erc721Abi, functionName: 'ownerOf', result: owner });
          }
          if (read.functionName === 'tokenURI') {
            return encodeFunctionResult({ abi: erc721Abi, functionName: 'tokenURI', result: tokenUris.get(tokenId)! });
          }
          throw new Revert(`${read.functionName} is not a view`);
        });
      }
      case 'eth_sendRawTransaction':
        return sendRawTransaction((params as [Hex])[0]);
      case 'eth_getTransactionReceipt': {
        const receipt = receipts.get((params as [Hex])[0]);
        return receipt ? receiptJson(receipt) : null;
      }
      default:
        throw new RpcError(-32601, `the method ${method} does not exist/is not available`);
    }
  }

  const server = http.createServer((request, response) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (body += chunk));
    request.on('end', () => {
      void (async () => {
        const message = JSON.parse(body) as { id: number; method: string; params?: unknown[] };
        calls.push(message.method);
        const fault = faults.find((candidate) => candidate.method === message.method && candidate.remaining > 0);
        if (fault) fault.remaining -= 1;
        if (fault?.mode === 'http-503') {
          response.writeHead(503, { 'content-type': 'text/plain' }).end('Service Unavailable');
          return;
        }
        let reply: object;
        try {
          reply = { jsonrpc: '2.0', id: message.id, result: await answer(message.method, message.params ?? []) };
        } catch (error) {
          if (!(error instanceof RpcError)) throw error;
          reply = { jsonrpc: '2.0', id: message.id, error: { code: error.code, message: error.message } };
        }
        if (fault?.mode === 'lose-answer') {
          response.destroy();
          return;
        }
        response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(reply));
      })();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));

  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    chainId,
    calls,
    accepted,
    /** The token's owner on chain, or undefined if it was never minted. */
    ownerOf: (tokenId: bigint) => owners.get(tokenId),
    tokenUriOf: (tokenId: bigint) => tokenUris.get(tokenId),
    /** Mines what is pooled (for `autoMine: false`). */
    mine,
    /** The next `times` calls of `method` fail that way. */
    fail(method: string, mode: TFault['mode'], times = 1) {
      faults.push({ method, mode, remaining: times });
    },
    /** Another transaction of `address` is mined with its next nonce (the key used elsewhere). */
    spendNonce(address: Address) {
      const from = lower(address);
      minedNonces.set(from, pendingNonce(from) + 1);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

class RpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

/** A Revert becomes the node's answer to a call the contract refuses: code 3, "execution reverted". */
function simulate<T>(work: () => T): T {
  try {
    return work();
  } catch (error) {
    if (error instanceof Revert) throw new RpcError(3, `execution reverted: ${error.message}`);
    throw error;
  }
}
