import type { TUploadedImage } from '@cypher/contract';
import type { AppContext } from '../../../app-context.ts';
import type { Operator } from '../../../http/operator-guard.ts';
import { imageKinds } from '../../media/image-kinds.ts';
import { storeImage } from '../../media/store-image.ts';
import { recordAudit } from '../audit/record-audit.ts';

/**
 * Stores a console image (artwork, logo, banner) and records who uploaded it. The file is written first and the audit
 * row after (house rule 7: no outside call inside a transaction); a crash in between leaves an unreferenced file,
 * never a reference to a missing one.
 */
export async function uploadConsoleImage(ctx: AppContext, operator: Operator, bytes: Buffer): Promise<TUploadedImage> {
  const { key, ...uploaded } = await storeImage(ctx.storage, bytes, imageKinds.consoleImage);
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
