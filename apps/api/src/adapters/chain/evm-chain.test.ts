import { afterAll, describe, expect, it } from 'vitest';
import { privateKeyToAccount } from 'viem/accounts';
import { testConfig } from '../../config.ts';
import { evmJsonRpcStandIn } from '../../testing/evm-json-rpc-stand-in.ts';
import { chainTokenId, type TChainCall } from './chain.ts';
import { evmChain } from './evm-chain.ts';

// Hardhat's first development key: public knowledge, never a real one.
const SIGNER_KEY = '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80';
const custodian = privateKeyToAccount(SIGNER_KEY).address;
const CONTRACT = '0x5FbDB2315678afecb367f032d93F642f64180aa3';
const COLLECTOR = '0x52908400098527886e0f7030069857d2e4169ee7';

const node = await evmJsonRpcStandIn({ contractAddress: CONTRACT, minter: custodian });
const slowNode = await evmJsonRpcStandIn({ contractAddress: CONTRACT, minter: custodian, autoMine: false });
afterAll(async () => {
  await node.close();
  await slowNode.close();
});

function adapter(rpcUrl: string, env: Record<string, string> = {}) {
  const config = testConfig({
    CHAIN_RPC_URL: rpcUrl,
    CHAIN_CONTRACT_ADDRESS: CONTRACT,
    CHAIN_SIGNER_KEY: SIGNER_KEY,
    PUBLIC_URL: 'https://cypher.test',
    ...env,
  });
  return evmChain(config.chain!, { timeoutMs: 2_000 });
}

const tokenId = (n: number) => chainTokenId('0x00000000000000000000000000000000000000aa', n);
const mint = (n: number, nonce: number): TChainCall => ({
  kind: 'MINT',
  tokenId: tokenId(n),
  to: custodian,
  tokenUri: `https://cypher.test/v1/nfts/${n}/metadata.json`,
  nonce,
});

describe('EVM chain adapter (against the loopback JSON-RPC stand-in)', () => {
  it('signs a mint with the nonce it is given; the node recovers the custodian and the token is minted once', async () => {
    const chain = adapter(node.url);
    expect(chain.signerAddress).toBe(custodian);
    const nonce = await chain.transactionCount();
    const signed = await chain.sign(mint(1, nonce));
    expect(node.accepted).toHaveLength(0);

    expect(await chain.broadcast(signed.rawTransaction)).toBe('accepted');
    expect(node.accepted.map((sent) => [sent.hash, sent.nonce])).toEqual([[signed.hash, nonce]]);
    expect(await chain.receipt(signed.hash)).toBe('CONFIRMED');
    expect(node.ownerOf(tokenId(1))).toBe(custodian.toLowerCase());
    expect(node.tokenUriOf(tokenId(1))).toBe('https://cypher.test/v1/nfts/1/metadata.json');

    // The same bytes again: the node has them mined, and nothing new is accepted.
    expect(await chain.broadcast(signed.rawTransaction)).toBe('nonce-used');
    expect(node.accepted).toHaveLength(1);
  });

  it('transfers from the custodian; a second mint of a token is refused before it is signed (no fee spent)', async () => {
    const chain = adapter(node.url);
    const minted = await chain.sign(mint(2, await chain.transactionCount()));
    await chain.broadcast(minted.rawTransaction);
    const transfer = await chain.sign({ ...mint(2, await chain.transactionCount()), kind: 'TRANSFER', to: COLLECTOR });
    await chain.broadcast(transfer.rawTransaction);
    expect(await chain.receipt(transfer.hash)).toBe('CONFIRMED');
    expect(node.ownerOf(tokenId(2))).toBe(COLLECTOR);

    await expect(chain.sign(mint(2, await chain.transactionCount()))).rejects.toThrow(/execution reverted/);
  });

  it('answers no receipt while the transaction waits in the pool, and "already known" bytes are accepted', async () => {
    const chain = adapter(slowNode.url);
    const signed = await chain.sign(mint(3, await chain.transactionCount()));
    expect(await chain.broadcast(signed.rawTransaction)).toBe('accepted');
    expect(await chain.receipt(signed.hash)).toBeNull();
    expect(await chain.broadcast(signed.rawTransaction)).toBe('accepted');
    slowNode.mine();
    expect(await chain.receipt(signed.hash)).toBe('CONFIRMED');
  });

  it('signs nothing for a node on another chain than CHAIN_ID', async () => {
    const chain = adapter(node.url, { CHAIN_ID: '1' });
    await expect(chain.sign(mint(4, 0))).rejects.toThrow('CHAIN_RPC_URL serves chain 31337, not CHAIN_ID 1');
    expect(await adapter(node.url, { CHAIN_ID: '31337' }).sign(mint(4, 0))).toMatchObject({ hash: expect.any(String) });
  });

  it('names the node by its setting in errors, never its address (it may hold an API key) nor the key', async () => {
    const chain = adapter(`${node.url}/v3/secret-project-key`);
    node.fail('eth_getTransactionCount', 'http-503');
    const error = await chain.transactionCount().catch((caught: Error) => caught);
    expect(error).toBeInstanceOf(Error);
    const message = (error as Error).message;
    expect(message).toContain('chain node (CHAIN_RPC_URL)');
    expect(message).not.toContain('secret-project-key');
    expect(message).not.toContain('127.0.0.1');
    expect(message).not.toContain(SIGNER_KEY.slice(2));
  });
});
