import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { inTransaction } from '../../../db/transaction.ts';
import { AppError } from '../../../http/app-error.ts';
import { recordAudit } from '../audit/record-audit.ts';
import { operatorGrants } from '../console.tables.ts';
import { selectOperatorGrants } from './operator-grant-view.ts';

/**
 * Ends one grant; the operator guard reads grants on every request, so access ends with it. An admin cannot revoke
 * their own admin grant from the console: the last admin locking everyone out takes the command line to undo.
 */
export async function revokeOperatorRole(
  db: Db,
  now: Date,
  grantId: string,
  actorUserId: string | null,
): Promise<void> {
  await inTransaction(db, async (tx) => {
    const [before] = await selectOperatorGrants(tx, eq(operatorGrants.id, grantId));
    if (!before) throw new AppError('NOT_FOUND');
    if (actorUserId !== null && before.user.id === actorUserId && before.role === 'admin')
      throw new AppError('FORBIDDEN');
    await tx.delete(operatorGrants).where(eq(operatorGrants.id, grantId));
    await recordAudit(tx, {
      actorUserId,
      action: 'revoke',
      entityType: 'operator_grant',
      entityId: grantId,
      before,
      after: null,
      at: now,
    });
  });
}
