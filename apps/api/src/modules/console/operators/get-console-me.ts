import { eq, inArray } from 'drizzle-orm';
import type { TConsoleMe, TOperatorRole } from '@cypher/contract';
import type { Db } from '../../../db/client.ts';
import { AppError } from '../../../http/app-error.ts';
import type { Operator } from '../../../http/operator-guard.ts';
import { brands } from '../../catalog/catalog.tables.ts';
import { brandSummaryColumns, toBrandSummary } from '../../catalog/catalog-views.ts';
import { users } from '../../users/users.tables.ts';

export async function getConsoleMe(db: Db, operator: Operator): Promise<TConsoleMe> {
  const [user] = await db
    .select({ email: users.email, nickname: users.nickname })
    .from(users)
    .where(eq(users.id, operator.userId));
  if (!user) throw new AppError('UNAUTHORIZED');
  const managed =
    operator.brandIds.length === 0
      ? []
      : await db
          .select(brandSummaryColumns)
          .from(brands)
          .where(inArray(brands.id, [...operator.brandIds]))
          .orderBy(brands.name);
  const roles: TOperatorRole[] = [
    ...(operator.isAdmin ? (['admin'] as const) : []),
    ...(operator.brandIds.length > 0 ? (['brand_manager'] as const) : []),
  ];
  return {
    userId: operator.userId,
    email: user.email,
    nickname: user.nickname,
    roles,
    isAdmin: operator.isAdmin,
    brands: managed.map(toBrandSummary),
  };
}
