import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectedEditionStates, type TEditionState } from '@cypher/contract';
import { newId } from '../../lib/ids.ts';
import { bearer } from '../../testing/auth-helpers.ts';
import { collectorWithPack } from '../../testing/collection-fixtures.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { findDeletionBlockers } from '../users/deletion/deletion-blockers.ts';
import { editions } from './collection.tables.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const db = () => t.database.db;

/**
 * What the deletion request and the job would see for this person, with their words: packs and NFTs (the rest of the
 * purchase's deposit is on the balance, which is the wallet's check and tested there).
 */
const blockersOf = async (userId: string) =>
  (await findDeletionBlockers(db(), userId))
    .filter((blocker) => blocker.kind !== 'balance')
    .map((blocker) => [blocker.kind, blocker.message]);

/** Straight in the table: figure bases and the market move editions in later issues; the check reads the state. */
const setState = (editionIds: string[], state: TEditionState) =>
  db().update(editions).set({ state }).where(inArray(editions.id, editionIds));

describe('account deletion while the collection holds something (spec section 4)', () => {
  it('is blocked by an unopened pack, then by its editions in every collected state, and not by editions that left', async () => {
    const { collector, packId, editionIds } = await collectorWithPack(t, { isOpened: false, editionsPerPack: 2 });

    // Sealed, the pack is what remains; its editions are not yet anyone's NFTs.
    expect(await blockersOf(collector.userId)).toEqual([['packs', 'You still have 1 unopened pack. Open it first.']]);

    await t.app.inject({ method: 'POST', url: `/v1/packs/${packId}/open`, headers: bearer(collector.accessToken) });
    for (const state of collectedEditionStates) {
      await setState(editionIds, state);
      expect([state, await blockersOf(collector.userId)]).toEqual([state, [['nfts', 'You still own 2 NFTs.']]]);
    }

    // One exported to the person's own wallet (through the API), one fused away: nothing is left to empty.
    await setState(editionIds, 'OWNED');
    const exported = await t.app.inject({
      method: 'POST',
      url: `/v1/editions/${editionIds[0]}/export`,
      headers: { ...bearer(collector.accessToken), 'idempotency-key': newId() },
      payload: { address: `0x${'2'.repeat(40)}` },
    });
    expect(exported.json().data.state).toBe('EXPORTED');
    expect(await blockersOf(collector.userId)).toEqual([['nfts', 'You still own 1 NFT.']]);
    await setState([editionIds[1]!], 'BURNED');
    expect(await blockersOf(collector.userId)).toEqual([]);
  });
});
