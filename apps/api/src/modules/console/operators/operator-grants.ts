import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { preparedQuery } from '../../../db/prepared.ts';
import { operatorGrants } from '../console.tables.ts';

/** A person's console roles, as the operator guard loads them on every console request. */
export async function grantsOf(db: Db, userId: string) {
  return db
    .select({ role: operatorGrants.role, brandId: operatorGrants.brandId })
    .from(operatorGrants)
    .where(eq(operatorGrants.userId, userId));
}

/**
 * Whether a person holds any console role: the my-user answer's `isOperator` (a read of at most one grant), prepared
 * once per database handle like the other reads every /v1/users/my makes.
 */
export async function hasOperatorGrant(db: Db, userId: string): Promise<boolean> {
  const query = preparedQuery(db, 'has_operator_grant', (handle) =>
    handle
      .select({ role: operatorGrants.role })
      .from(operatorGrants)
      .where(eq(operatorGrants.userId, sql.placeholder('userId')))
      .limit(1)
      .prepare('has_operator_grant'),
  );
  const [grant] = await query.execute({ userId });
  return grant !== undefined;
}

/** An account deletion's part here: the person's console roles go with them. Writes: operator_grants. */
export async function eraseOperatorGrants(tx: Db, userId: string): Promise<void> {
  await tx.delete(operatorGrants).where(eq(operatorGrants.userId, userId));
}
