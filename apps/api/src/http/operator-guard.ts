import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/client.ts';
import { grantsOf } from '../modules/console/operators/operator-grants.ts';
import { verifiedEmailFor } from '../modules/users/verified-emails.ts';
import { AppError } from './app-error.ts';
import { principalOf } from './auth-guard.ts';

/** Who is using the console: an admin may do everything, a brand manager only what belongs to `brandIds`. */
export interface Operator {
  userId: string;
  isAdmin: boolean;
  brandIds: readonly string[];
}

declare module 'fastify' {
  interface FastifyRequest {
    operator: Operator | null;
  }
}

/**
 * `requireOperator` (an `onRequest` hook on every console route) admits a signed-in user with at least one grant and a
 * verified address (401 without a valid token, 403 without a grant or before the address is verified) and loads the
 * grants on every request, so a revoked role ends access at once. Hiding console sections in the web is a courtesy;
 * this, and the brand checks in the services, are the rule.
 */
export function operatorGuard(deps: { db: Db; requireAuth: (request: FastifyRequest) => Promise<void> }) {
  async function requireOperator(request: FastifyRequest) {
    await deps.requireAuth(request);
    const principal = principalOf(request);
    const { userId } = principal;
    const grants = await grantsOf(deps.db, userId);
    if (grants.length === 0) throw new AppError('FORBIDDEN');
    // A grant made to an address before its owner verified it (as grants once could be) opens nothing until then.
    if (!(await verifiedEmailFor(deps.db, principal))) throw new AppError('EMAIL_VERIFICATION_REQUIRED');
    request.operator = {
      userId,
      isAdmin: grants.some((grant) => grant.role === 'admin'),
      brandIds: grants.flatMap((grant) => (grant.role === 'brand_manager' && grant.brandId ? [grant.brandId] : [])),
    };
  }

  async function requireAdmin(request: FastifyRequest) {
    await requireOperator(request);
    assertAdmin(operatorOf(request));
  }

  return { requireOperator, requireAdmin };
}

/** For an admin-only route inside a plugin that already runs requireOperator: checks without loading grants again. */
export async function adminOnly(request: FastifyRequest) {
  assertAdmin(operatorOf(request));
}

/** The operator of a route guarded by requireOperator or requireAdmin. */
export function operatorOf(request: FastifyRequest): Operator {
  if (!request.operator) throw new AppError('FORBIDDEN');
  return request.operator;
}

function canManageBrand(operator: Operator, brandId: string): boolean {
  return operator.isAdmin || operator.brandIds.includes(brandId);
}

/** Every console write under a brand calls this with the brand the entry belongs to (or will belong to). */
export function assertCanManageBrand(operator: Operator, brandId: string): void {
  if (!canManageBrand(operator, brandId)) throw new AppError('FORBIDDEN');
}

export function assertAdmin(operator: Operator): void {
  if (!operator.isAdmin) throw new AppError('FORBIDDEN');
}

/** For console reads of one entry: an entry of a brand the operator does not manage is refused like a write. */
export function managedBy<T>(operator: Operator, entry: T, brandId: string | null): T {
  if (brandId === null) assertAdmin(operator);
  else assertCanManageBrand(operator, brandId);
  return entry;
}
