import type { TOperatorRole } from '@cypher/contract';
import { grantOperatorRole } from '../modules/console/operators/grant-operator-role.ts';
import { verifiedUser } from './auth-helpers.ts';
import type { TestApp } from './test-app.ts';

/** A new account (its address verified) holding one console role (brand managers: of `brandId`). Granted as the CLI does, with no actor. */
export async function signUpOperator(t: TestApp, role: TOperatorRole, brandId: string | null = null) {
  const user = await verifiedUser(t);
  const grant = await grantOperatorRole(t.database.db, t.clock.now(), { email: user.email, role, brandId }, null);
  return { ...user, userId: grant.user.id, grantId: grant.id };
}
