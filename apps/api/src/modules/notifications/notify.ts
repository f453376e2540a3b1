import type { TNotificationKind, TNotificationStage } from '@cypher/contract';
import type { Db } from '../../db/client.ts';
import { newId } from '../../lib/ids.ts';
import { notifications } from './notifications.tables.ts';

export interface TNotificationInput {
  userId: string;
  kind: TNotificationKind;
  stage: TNotificationStage;
  title: string;
  body: string;
  linkPath: string | null;
  referenceId: string | null;
  now: Date;
}

/**
 * Tells a person about a stage something of theirs reached, inside the transaction that reached it (so a purchase
 * and its notification commit together, or neither does). Writes notifications. The one way every module notifies.
 */
export async function notify(tx: Db, input: TNotificationInput): Promise<void> {
  await tx.insert(notifications).values({
    id: newId(),
    userId: input.userId,
    kind: input.kind,
    stage: input.stage,
    title: input.title,
    body: input.body,
    linkPath: input.linkPath,
    referenceId: input.referenceId,
    createdAt: input.now,
  });
}
