import { and, eq, lte } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import type { ChainPort } from '../../adapters/chain/chain.ts';
import type { JobQueue } from '../../jobs/job-queue.ts';
import { nudgeChainSender } from '../collection/chain-transactions/send-chain-transactions.ts';
import { MINUTE_MS, type Clock } from '../../lib/clock.ts';
import { drops } from './drops.tables.ts';
import { writeDropPacks, type TPublicationSizes } from './write-drop-packs.ts';

/**
 * Route: none (jobs `publish-drop` and `resume-drop-publications`, job-scheduler.ts) · Writes: through
 * write-drop-packs.ts · Reads: drops (PUBLISHING) · UI: none · Tests: drop-publication.test.ts
 *
 * The queued side of a publication (decision record 0022). publish-drop.ts sends `publish-drop` for a large drop; a
 * worker writes its packs. Nothing depends on that one message arriving: a drop PUBLISHING whose row has not moved
 * for a while (its worker stopped, or the message was never sent because no queue existed yet) is sent again by the
 * sweep, every minute, and at every start-up whatever its age. Two workers on one drop are safe (each batch locks the
 * drop row and continues after what is written), so a sweep that sends one too many costs a shuffle, nothing else.
 */
export const PUBLISH_DROP_JOB = 'publish-drop';

/** A batch takes well under a second, so a publication whose row has not moved for two minutes has no live worker. */
const STALLED_AFTER_MS = 2 * MINUTE_MS;

const ZPublishDropJob = z.object({ dropId: z.uuid() });

/**
 * `publish-drop`: writes the rest of one drop's packs, from wherever its publication stands; with the EVM adapter,
 * their mint intents too, which a worker is then asked to send.
 */
export async function runPublishDropJob(
  ctx: { db: Db; clock: Clock; seedKey: Buffer; jobs: JobQueue; chain?: ChainPort; publication: TPublicationSizes },
  data: unknown,
): Promise<void> {
  const { dropId } = ZPublishDropJob.parse(data);
  if ((await writeDropPacks(ctx, dropId)) === 'PUBLISHED') await nudgeChainSender(ctx);
}

/**
 * `resume-drop-publications`: sends `publish-drop` for each drop PUBLISHING whose row has not changed in
 * `stalledAfterMs` (0 at start-up: whatever this process was writing when it stopped). Answers the drops sent.
 */
export async function resumeDropPublications(
  ctx: { db: Db; clock: Clock; jobs: JobQueue },
  options: { stalledAfterMs?: number } = {},
): Promise<string[]> {
  const stalledBefore = new Date(ctx.clock.now().getTime() - (options.stalledAfterMs ?? STALLED_AFTER_MS));
  const stalled = await ctx.db
    .select({ id: drops.id })
    .from(drops)
    .where(and(eq(drops.publicationStatus, 'PUBLISHING'), lte(drops.updatedAt, stalledBefore)));
  for (const drop of stalled) await ctx.jobs.send(PUBLISH_DROP_JOB, { dropId: drop.id });
  return stalled.map((drop) => drop.id);
}
