import { eq } from 'drizzle-orm';
import type { TGrantOperatorRoleRequest, TOperatorGrant } from '@cypher/contract';
import type { Db } from '../../../db/client.ts';
import { isUniqueViolation } from '../../../db/errors.ts';
import { inTransaction } from '../../../db/transaction.ts';
import { AppError } from '../../../http/app-error.ts';
import { newId } from '../../../lib/ids.ts';
import { findAccountByEmail } from '../../users/accounts.ts';
import { recordAudit } from '../audit/record-audit.ts';
import { operatorGrants } from '../console.tables.ts';
import { assertBrandExists } from '../../catalog/console/related-items.ts';
import { selectOperatorGrants } from './operator-grant-view.ts';

/**
 * Makes an existing account an operator: admin, or manager of one brand. Used by `npm run console -- grant` (no
 * actor: whoever runs the command already controls the server) and by admins in the console.
 */
export async function grantOperatorRole(
  db: Db,
  now: Date,
  input: TGrantOperatorRoleRequest,
  actorUserId: string | null,
): Promise<TOperatorGrant> {
  return inTransaction(db, async (tx) => {
    const user = await findAccountByEmail(tx, input.email);
    if (!user) throw new AppError('USER_ID_NOT_FOUND');
    // Anyone can sign up with an address that is not theirs: a role follows the address only once its owner proved it.
    if (!user.emailVerifiedAt) throw new AppError('OPERATOR_EMAIL_NOT_VERIFIED');
    if (input.brandId) await assertBrandExists(tx, input.brandId);
    const id = newId();
    try {
      await tx
        .insert(operatorGrants)
        .values({ id, userId: user.id, role: input.role, brandId: input.brandId, createdAt: now });
    } catch (error) {
      if (isUniqueViolation(error)) throw new AppError('OPERATOR_ROLE_ALREADY_GRANTED', { cause: error });
      throw error;
    }
    const [after] = await selectOperatorGrants(tx, eq(operatorGrants.id, id));
    if (!after) throw new Error('the grant just written is missing');
    await recordAudit(tx, {
      actorUserId,
      action: 'grant',
      entityType: 'operator_grant',
      entityId: id,
      before: null,
      after,
      at: now,
    });
    return after;
  });
}
