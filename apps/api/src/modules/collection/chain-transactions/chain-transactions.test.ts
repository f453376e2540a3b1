import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { privateKeyToAccount } from 'viem/accounts';
import { chainTokenId } from '../../../adapters/chain/chain.ts';
import { configuredChain } from '../../../adapters/chain/configured-chain.ts';
import { queryRows } from '../../../db/query-rows.ts';
import { sqlArray } from '../../../db/sql-arrays.ts';
import { startJobScheduler } from '../../../jobs/job-scheduler.ts';
import { recurringJobs } from '../../../jobs/job-scheduler.ts';
import { newId } from '../../../lib/ids.ts';
import { bearer } from '../../../testing/auth-helpers.ts';
import { insertBrand, insertProduct } from '../../../testing/catalog-fixtures.ts';
import { collectorWithPack } from '../../../testing/collection-fixtures.ts';
import { dropRequest, publishedDrop } from '../../../testing/console-drop-fixtures.ts';
import { insertLiveDrop } from '../../../testing/drop-fixtures.ts';
import { evmJsonRpcStandIn } from '../../../testing/evm-json-rpc-stand-in.ts';
import { signUpOperator } from '../../../testing/operator-helpers.ts';
import { createTestApp, schedulerDeps, type TestApp } from '../../../testing/test-app.ts';
import { allocateChainNonces } from './allocate-chain-nonces.ts';
import { recordMintIntents } from './record-mint-intents.ts';
import { SEND_CHAIN_TRANSACTIONS_JOB, sendChainTransactions } from './send-chain-transactions.ts';

// Hardhat's first development key: public knowledge, never a real one.
const SIGNER_KEY = '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80';
const custodian = privateKeyToAccount(SIGNER_KEY).address.toLowerCase() as `0x${string}`;
const CONTRACT = '0x5fbdb2315678afecb367f032d93f642f64180aa3';
const PUBLIC_URL = 'https://cypher.test';
const WALLET = '0x52908400098527886E0F7030069857D2E4169EE7';

const node = await evmJsonRpcStandIn({ contractAddress: CONTRACT, minter: custodian });
let t: TestApp;
/** Jobs the app asked for (the nudges after a publication or an export); no worker runs them unless a test does. */
const nudges: string[] = [];

beforeAll(async () => {
  t = await createTestApp({
    env: { CHAIN_RPC_URL: node.url, CHAIN_CONTRACT_ADDRESS: CONTRACT, CHAIN_SIGNER_KEY: SIGNER_KEY, PUBLIC_URL },
    jobs: () => ({ send: async (name) => (nudges.push(name), newId()) }),
  });
});
afterAll(async () => {
  await t.close();
  await node.close();
});

const db = () => t.database.db;
const sender = () => ({ db: db(), clock: t.clock, chain: configuredChain(t.deps.config), publicUrl: PUBLIC_URL });
const send = () => sendChainTransactions(sender(), { budgetMs: 10_000, pollMs: 10 });

interface TChainRow {
  edition_id: string;
  kind: 'MINT' | 'TRANSFER';
  status: string;
  nonce: string | number | null;
  tx_hash: string | null;
  to_address: string | null;
  attempts: number;
  last_error: string | null;
  priority: number;
}

async function chainRows(editionIds: string[]): Promise<TChainRow[]> {
  return queryRows<TChainRow>(
    db(),
    sql`select edition_id, kind, status, nonce, tx_hash, to_address, attempts, last_error, priority
        from chain_transactions where edition_id = any(${sqlArray(editionIds)}::uuid[]) order by nonce nulls last, kind`,
  );
}

/** The edition's token id on the chain contract, from its registry contract and token id. */
async function tokenOnChain(editionId: string): Promise<bigint> {
  const [edition] = await queryRows<{ contract_address: string; token_id: string | number }>(
    db(),
    sql`select contract_address, token_id from editions where id = ${editionId}`,
  );
  return chainTokenId(edition!.contract_address, BigInt(edition!.token_id));
}

/** `count` editions of a live drop written straight to the tables, with their mint intents recorded. */
async function editionsWithMintIntents(count: number): Promise<string[]> {
  // The fixture's drop has two products, so at least two editions; the spare one gets no intent.
  const drop = await insertLiveDrop(db(), {
    now: t.clock.now(),
    rounds: [{ packCount: Math.max(count, 2) }],
    editionsPerPack: 1,
  });
  const editions = await queryRows<{ id: string }>(
    db(),
    sql`select e.id from editions e join packs p on p.id = e.pack_id where p.drop_id = ${drop.dropId}
        order by e.token_id`,
  );
  const ids = editions.map((edition) => edition.id).slice(0, count);
  await recordMintIntents(db(), ids, t.clock.now());
  return ids;
}

describe('minting through the EVM adapter', () => {
  it('records a mint per edition at publication, then mints each once to the custodian with its metadata URI', async () => {
    const admin = await signUpOperator(t, 'admin');
    const brand = (await insertBrand(db())).id;
    const product = (await insertProduct(db(), brand)).id;
    const request = dropRequest(brand, [product], t.clock.now(), { editionsPerPack: 2 });
    const dropId = await publishedDrop(t, admin.accessToken, {
      ...request,
      rounds: [{ ...request.rounds[0]!, packCount: 3 }],
      contents: [{ productId: product, editionCount: 6 }],
    });
    const editions = await queryRows<{ id: string }>(
      db(),
      sql`select e.id from editions e join packs p on p.id = e.pack_id where p.drop_id = ${dropId}`,
    );
    const ids = editions.map((edition) => edition.id);
    expect(ids).toHaveLength(6);
    // Recorded with the editions, nothing sent yet: the publication answered without calling the node.
    expect((await chainRows(ids)).map((row) => [row.kind, row.status, row.nonce])).toEqual(
      ids.map(() => ['MINT', 'PENDING', null]),
    );
    expect(nudges).toContain(SEND_CHAIN_TRANSACTIONS_JOB);
    const sentBefore = node.accepted.length;

    expect(await send()).toMatchObject({ allocated: 6, sent: 6, settled: 6 });
    const rows = await chainRows(ids);
    expect(rows.every((row) => row.status === 'CONFIRMED' && row.to_address === custodian)).toBe(true);
    expect(new Set(rows.map((row) => Number(row.nonce))).size).toBe(6);
    for (const id of ids) {
      const token = await tokenOnChain(id);
      expect(node.ownerOf(token)).toBe(custodian);
      expect(node.tokenUriOf(token)).toBe(`${PUBLIC_URL}/v1/nfts/${id}/metadata.json`);
    }
    // A second run finds nothing to do, and sends nothing.
    expect(await send()).toEqual({ allocated: 0, sent: 0, settled: 0 });
    expect(node.accepted.length).toBe(sentBefore + 6);
  });

  it('after a crash with the nonce recorded, before and after sending, sends the same bytes again and mints once', async () => {
    const [editionId] = await editionsWithMintIntents(1);
    // The process gives the nonce and stops before signing anything.
    expect(await allocateChainNonces(sender())).toBe(1);
    const [allocated] = await chainRows([editionId!]);
    expect(allocated).toMatchObject({ status: 'PENDING', tx_hash: null });

    // The next run signs and stores the bytes, then the node is away: nothing is sent, the intent waits.
    node.fail('eth_sendRawTransaction', 'http-503');
    await send();
    const [signed] = await chainRows([editionId!]);
    expect(signed).toMatchObject({
      status: 'PENDING',
      nonce: allocated!.nonce,
      tx_hash: expect.any(String),
      attempts: 1,
    });
    expect(signed!.last_error).toContain('CHAIN_RPC_URL');

    // The next run sends them and the node takes them, but the answer is lost (as if the process stopped right then).
    node.fail('eth_sendRawTransaction', 'lose-answer');
    await send();
    const [lost] = await chainRows([editionId!]);
    expect(lost).toMatchObject({ status: 'PENDING', tx_hash: signed!.tx_hash, attempts: 2 });
    expect(node.ownerOf(await tokenOnChain(editionId!))).toBe(custodian);

    // The run after that sends the same bytes: the node has them mined, the receipt settles it.
    await send();
    const [settled] = await chainRows([editionId!]);
    expect(settled).toMatchObject({ status: 'CONFIRMED', nonce: allocated!.nonce, tx_hash: signed!.tx_hash });
    expect(node.accepted.filter((sent) => sent.hash === signed!.tx_hash)).toHaveLength(1);
    expect(
      node.accepted.filter((sent) => sent.nonce === Number(allocated!.nonce) && sent.from === custodian),
    ).toHaveLength(1);
  });

  it('leaves intents retryable when the node fails: no nonce taken without its count, SENT kept without its receipt', async () => {
    const ids = await editionsWithMintIntents(2);
    node.fail('eth_getTransactionCount', 'http-503');
    await expect(send()).rejects.toThrow('CHAIN_RPC_URL');
    expect((await chainRows(ids)).map((row) => [row.status, row.nonce])).toEqual([
      ['PENDING', null],
      ['PENDING', null],
    ]);

    node.fail('eth_getTransactionReceipt', 'http-503');
    await sendChainTransactions(sender(), { budgetMs: 0 });
    const afterReceiptFailure = await chainRows(ids);
    expect(afterReceiptFailure.map((row) => row.status)).toEqual(['SENT', 'SENT']);
    expect(afterReceiptFailure[0]).toMatchObject({ attempts: 1, last_error: expect.stringContaining('CHAIN_RPC_URL') });

    await send();
    expect((await chainRows(ids)).map((row) => row.status)).toEqual(['CONFIRMED', 'CONFIRMED']);
  });

  it('queues an intent again when its nonce was spent by another transaction of the key', async () => {
    const [editionId] = await editionsWithMintIntents(1);
    await allocateChainNonces(sender());
    const [before] = await chainRows([editionId!]);
    node.spendNonce(custodian);

    await send();
    const [after] = await chainRows([editionId!]);
    expect(after).toMatchObject({ status: 'CONFIRMED' });
    expect(Number(after!.nonce)).toBeGreaterThan(Number(before!.nonce));
    expect(after!.last_error).toContain(`nonce ${before!.nonce} was spent by another transaction`);
    expect(node.ownerOf(await tokenOnChain(editionId!))).toBe(custodian);
  });

  it('sends each intent once when two runs sign the same intents side by side', async () => {
    const ids = await editionsWithMintIntents(12);
    const sentBefore = node.accepted.length;
    // Both runs' first signature waits until the other run is signing too: they race on the same intents' bytes.
    const chain = configuredChain(t.deps.config);
    let signing = 0;
    let openGate!: () => void;
    const gate = new Promise<void>((resolve) => (openGate = resolve));
    const racer = {
      ...chain,
      sign: async (call: Parameters<typeof chain.sign>[0]) => {
        if ((signing += 1) >= 2) openGate();
        await gate;
        return chain.sign(call);
      },
    };
    const run = () => sendChainTransactions({ ...sender(), chain: racer }, { budgetMs: 10_000, pollMs: 10 });
    const runs = await Promise.all([run(), run()]);
    expect(signing).toBeGreaterThanOrEqual(2);

    const rows = await chainRows(ids);
    expect(rows.map((row) => row.status)).toEqual(ids.map(() => 'CONFIRMED'));
    const accepted = node.accepted.slice(sentBefore);
    expect(accepted).toHaveLength(12);
    expect(new Set(accepted.map((sent) => sent.nonce)).size).toBe(12);
    expect(new Set(accepted.map((sent) => sent.hash))).toEqual(new Set(rows.map((row) => row.tx_hash)));
    // Each intent moved once or twice in all, whichever run moved it: to SENT then CONFIRMED, or straight to CONFIRMED
    // when the other run's broadcast of the same bytes was mined before this run recorded SENT (the node answers
    // "nonce too low" and the receipt settles it; seen once in a full run: 23). Never more: no move is made twice.
    const moves = runs.reduce((sum, summary) => sum + summary.sent + summary.settled, 0);
    expect(moves).toBeGreaterThanOrEqual(12);
    expect(moves).toBeLessThanOrEqual(24);
    // The intent table itself refuses a second mint of an edition.
    await recordMintIntents(db(), ids, t.clock.now());
    expect(await chainRows(ids)).toHaveLength(12);
  });
});

describe('exporting through the EVM adapter', () => {
  it('transfers the token to the collector’s wallet after the export commits, minting it first if needed', async () => {
    // Editions written before the adapter was configured: no mint intent yet.
    const { collector, editionIds } = await collectorWithPack(t);
    const [editionId] = editionIds;
    const backlog = await editionsWithMintIntents(40);
    const sentBefore = node.accepted.length;
    nudges.length = 0;

    const exported = await t.app.inject({
      method: 'POST',
      url: `/v1/editions/${editionId}/export`,
      headers: { ...bearer(collector.accessToken), 'idempotency-key': newId() },
      payload: { address: WALLET },
    });
    expect(exported.statusCode).toBe(200);
    expect(exported.json().data).toMatchObject({ state: 'EXPORTED' });
    // The answer did not wait for the chain; a worker is asked to send.
    expect(node.accepted.length).toBe(sentBefore);
    expect(nudges).toEqual([SEND_CHAIN_TRANSACTIONS_JOB]);
    expect((await chainRows([editionId!])).map((row) => [row.kind, row.status, row.to_address, row.priority])).toEqual([
      ['MINT', 'PENDING', null, 0],
      ['TRANSFER', 'PENDING', WALLET.toLowerCase(), 0],
    ]);

    // Ahead of the publication backlog: the first nonces given go to the export's mint, then its transfer.
    await allocateChainNonces(sender());
    const [mint, transfer] = await chainRows([editionId!]);
    const firstBacklog = Math.min(
      ...(await chainRows(backlog)).filter((row) => row.nonce !== null).map((row) => Number(row.nonce)),
    );
    expect(Number(transfer!.nonce)).toBe(Number(mint!.nonce) + 1);
    expect(Number(transfer!.nonce)).toBeLessThan(firstBacklog);

    await send();
    expect((await chainRows([editionId!])).map((row) => row.status)).toEqual(['CONFIRMED', 'CONFIRMED']);
    expect(node.ownerOf(await tokenOnChain(editionId!))).toBe(WALLET.toLowerCase());
    // What its token URI points at is served here (an edition's metadata is public once its pack is opened).
    const uri = node.tokenUriOf(await tokenOnChain(editionId!))!;
    expect(uri).toBe(`${PUBLIC_URL}/v1/nfts/${editionId}/metadata.json`);
    const metadata = await t.app.inject({ method: 'GET', url: new URL(uri).pathname });
    expect(metadata.statusCode).toBe(200);
    expect(metadata.json()).toMatchObject({ name: expect.any(String), attributes: expect.any(Array) });
    expect((await chainRows(backlog)).every((row) => row.status === 'CONFIRMED')).toBe(true);
  });

  it('runs as the recurring pg-boss job', async () => {
    const { collector, editionIds } = await collectorWithPack(t);
    await t.app.inject({
      method: 'POST',
      url: `/v1/editions/${editionIds[1]}/export`,
      headers: { ...bearer(collector.accessToken), 'idempotency-key': newId() },
      payload: { address: WALLET },
    });
    const scheduler = await startJobScheduler(
      { ...schedulerDeps(t), database: t.database },
      { jobs: recurringJobs.filter((job) => job.name === SEND_CHAIN_TRANSACTIONS_JOB), pollingIntervalSeconds: 0.5 },
    );
    try {
      const jobId = await scheduler.runNow(SEND_CHAIN_TRANSACTIONS_JOB);
      const deadline = Date.now() + 20_000;
      let state: string | undefined;
      while (Date.now() < deadline) {
        state = (await scheduler.boss.getJobById(SEND_CHAIN_TRANSACTIONS_JOB, jobId!))?.state;
        if (state === 'completed' || state === 'failed') break;
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      expect(state).toBe('completed');
    } finally {
      await scheduler.stop();
    }
    expect((await chainRows([editionIds[1]!])).map((row) => row.status)).toEqual(['CONFIRMED', 'CONFIRMED']);
    expect(node.ownerOf(await tokenOnChain(editionIds[1]!))).toBe(WALLET.toLowerCase());
  });
});

describe('the custodial default', () => {
  it('records no chain transaction for a publication or an export, and sends nothing', async () => {
    const custodial = await createTestApp();
    try {
      const { collector, editionIds } = await collectorWithPack(custodial);
      const exported = await custodial.app.inject({
        method: 'POST',
        url: `/v1/editions/${editionIds[0]}/export`,
        headers: { ...bearer(collector.accessToken), 'idempotency-key': newId() },
        payload: { address: WALLET },
      });
      expect(exported.statusCode).toBe(200);
      const [count] = await queryRows<{ count: string | number }>(
        custodial.database.db,
        sql`select count(*) as count from chain_transactions`,
      );
      expect(Number(count!.count)).toBe(0);
      const chain = configuredChain(custodial.deps.config);
      expect(
        await sendChainTransactions({
          db: custodial.database.db,
          clock: custodial.clock,
          chain,
          publicUrl: PUBLIC_URL,
        }),
      ).toEqual({ allocated: 0, sent: 0, settled: 0 });
    } finally {
      await custodial.close();
    }
  });
});
