import type { TUploadedAnimation } from '@cypher/contract';
import type { AppContext } from '../../../app-context.ts';
import type { Operator } from '../../../http/operator-guard.ts';
import { storeAnimation } from '../../media/store-animation.ts';
import { recordAudit } from '../audit/record-audit.ts';

/*
 * Route: POST /v1/console/media/animations (console.routes.ts) · Writes: the storage port, audit_log ·
 * Tests: console-media.test.ts.
 */

/**
 * Stores a product's video and records who uploaded it: the file first, the audit row after (house rule 7), as for
 * images (upload-console-image.ts).
 */
export async function uploadConsoleAnimation(
  ctx: AppContext,
  operator: Operator,
  bytes: Buffer,
): Promise<TUploadedAnimation> {
  const { key, ...uploaded } = await storeAnimation(ctx.storage, bytes);
  await recordAudit(ctx.db, {
    actorUserId: operator.userId,
    action: 'upload',
    entityType: 'media',
    entityId: key,
    before: null,
    after: uploaded,
    at: ctx.clock.now(),
  });
  return uploaded;
}
