import type { TUploadedAnimation, TUploadedImage } from '@cypher/contract';
import type { AppContext } from '../../../app-context.ts';
import type { Operator } from '../../../http/operator-guard.ts';
import { imageKinds } from '../../media/image-kinds.ts';
import { storeAnimation } from '../../media/store-animation.ts';
import { storeImage } from '../../media/store-image.ts';
import { recordAudit } from '../audit/record-audit.ts';

/*
 * Routes: POST /v1/console/media and POST /v1/console/media/animations (console.routes.ts) · Writes: the storage
 * port, audit_log · Tests: console-media.test.ts.
 */

/** Stores a console image (artwork, logo, banner) and records who uploaded it. */
export async function uploadConsoleImage(ctx: AppContext, operator: Operator, bytes: Buffer): Promise<TUploadedImage> {
  const { key, ...uploaded } = await storeImage(ctx.storage, bytes, imageKinds.consoleImage);
  return recordUpload(ctx, operator, key, uploaded);
}

/** Stores a product's video (MP4 or WebM, decision record 51) and records who uploaded it. */
export async function uploadConsoleAnimation(
  ctx: AppContext,
  operator: Operator,
  bytes: Buffer,
): Promise<TUploadedAnimation> {
  const { key, ...uploaded } = await storeAnimation(ctx.storage, bytes);
  return recordUpload(ctx, operator, key, uploaded);
}

/**
 * The file is written first and the audit row after (house rule 7: no outside call inside a transaction); a crash in
 * between leaves an unreferenced file, never a reference to a missing one.
 */
async function recordUpload<T>(ctx: AppContext, operator: Operator, key: string, uploaded: T): Promise<T> {
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
