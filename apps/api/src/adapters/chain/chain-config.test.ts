import { inspect } from 'node:util';
import { describe, expect, it } from 'vitest';
import { testConfig } from '../../config.ts';
import { chainTokenId } from './chain.ts';
import { configuredChain } from './configured-chain.ts';

const SIGNER_KEY = 'ac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80';
const complete = {
  CHAIN_RPC_URL: 'http://127.0.0.1:8545',
  CHAIN_CONTRACT_ADDRESS: '0x5FbDB2315678afecb367f032d93F642f64180aa3',
  CHAIN_SIGNER_KEY: SIGNER_KEY,
  PUBLIC_URL: 'https://cypher.test',
};

describe('chain settings', () => {
  it('without any, editions stay in the custodial registry and nothing is sent', () => {
    const config = testConfig();
    expect(config.chain).toBeUndefined();
    expect(configuredChain(config)).toMatchObject({ name: 'custodial', isOnChain: false, signerAddress: null });
  });

  it('with all three, the EVM adapter signs as the key’s address; the key never shows in the printed configuration', () => {
    const config = testConfig(complete);
    const chain = configuredChain(config);
    expect(chain).toMatchObject({
      name: 'evm',
      isOnChain: true,
      signerAddress: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
      contractAddress: complete.CHAIN_CONTRACT_ADDRESS,
    });
    expect(configuredChain(config)).toBe(chain);
    expect(config.chain!.signerKey()).toBe(`0x${SIGNER_KEY}`);
    expect(JSON.stringify(config)).not.toContain(SIGNER_KEY);
    expect(inspect(config, { depth: null })).not.toContain(SIGNER_KEY);
  });

  it.each([
    [{ CHAIN_RPC_URL: complete.CHAIN_RPC_URL }, 'CHAIN_CONTRACT_ADDRESS: required with CHAIN_RPC_URL'],
    [
      { CHAIN_RPC_URL: complete.CHAIN_RPC_URL, CHAIN_CONTRACT_ADDRESS: complete.CHAIN_CONTRACT_ADDRESS },
      'CHAIN_SIGNER_KEY: required with CHAIN_RPC_URL, CHAIN_CONTRACT_ADDRESS',
    ],
    [{ CHAIN_SIGNER_KEY: SIGNER_KEY }, 'CHAIN_RPC_URL: required with CHAIN_SIGNER_KEY'],
    [{ ...complete, PUBLIC_URL: '' }, 'PUBLIC_URL: required with the EVM adapter'],
    [{ CHAIN_ID: '1' }, 'CHAIN_ID: set without the EVM adapter'],
  ])('stops start-up on a partial set %j', (env, message) => {
    expect(() => testConfig({ PUBLIC_URL: complete.PUBLIC_URL, ...env })).toThrow(message);
  });

  it('refuses a malformed key or contract without repeating the key', () => {
    const badKey = `${SIGNER_KEY.slice(0, 60)}zz`;
    const error = (() => {
      try {
        testConfig({ ...complete, CHAIN_SIGNER_KEY: badKey });
      } catch (caught) {
        return caught as Error;
      }
      return null;
    })();
    expect(error?.message).toContain('CHAIN_SIGNER_KEY: must be a 32-byte private key');
    expect(error?.message).not.toContain(badKey.slice(0, 20));
    expect(() => testConfig({ ...complete, CHAIN_CONTRACT_ADDRESS: '0x1234' })).toThrow('CHAIN_CONTRACT_ADDRESS');
    expect(testConfig({ ...complete, CHAIN_ID: '137' }).chain?.chainId).toBe(137);
  });

  it('keeps token ids of two registry contracts apart on the one chain contract, and readable back', () => {
    const a = chainTokenId('0x00000000000000000000000000000000000000aa', 1);
    const b = chainTokenId('0x00000000000000000000000000000000000000bb', 1);
    expect(a).not.toBe(b);
    expect(a >> 96n).toBe(0xaan);
    expect(a & ((1n << 96n) - 1n)).toBe(1n);
    expect(() => chainTokenId('0x00000000000000000000000000000000000000aa', 1n << 96n)).toThrow('96 bits');
  });
});
