import { and, eq, isNull } from 'drizzle-orm';
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
  /**
   * This stage supersedes the earlier ones of the same thing (kind and referenceId): they are marked read, so a
   * completed purchase leaves one unread notice, not "Payment pending" beside "Purchase complete".
   */
  supersedesEarlier?: boolean;
}

/**
 * Tells a person about a stage something of theirs reached, inside the transaction that reached it (so a purchase
 * and its notification commit together, or neither does). Writes notifications. The one way every module notifies.
 *
 * A later stage supersedes an earlier one by marking it read, not by replacing it: the feed stays the history of what
 * happened (spec section 4: notifications show the pending and the successful stage of a purchase), a reader paging
 * through it by cursor never sees a row vanish, and the unread count (the bell) counts only what still needs the
 * person. Both statements run in the stage's transaction, so the count never shows the pending notice and the final
 * one unread together, nor neither.
 */
export async function notify(tx: Db, input: TNotificationInput): Promise<void> {
  if (input.supersedesEarlier && input.referenceId) {
    await tx
      .update(notifications)
      .set({ readAt: input.now })
      .where(
        and(
          eq(notifications.userId, input.userId),
          isNull(notifications.readAt),
          eq(notifications.kind, input.kind),
          eq(notifications.referenceId, input.referenceId),
        ),
      );
  }
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
