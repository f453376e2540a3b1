import type { TConsoleMe, TOperatorRole } from '@cypher/contract';
import type { Db } from '../../../db/client.ts';
import { AppError } from '../../../http/app-error.ts';
import type { Operator } from '../../../http/operator-guard.ts';
import { brandSummariesByIds } from '../../catalog/brand-summaries.ts';
import { peopleByIds } from '../../users/people.ts';

export async function getConsoleMe(db: Db, operator: Operator): Promise<TConsoleMe> {
  const user = (await peopleByIds(db, [operator.userId])).get(operator.userId);
  if (!user) throw new AppError('UNAUTHORIZED');
  const managed = [...(await brandSummariesByIds(db, operator.brandIds)).values()].sort((a, b) =>
    a.name < b.name ? -1 : a.name > b.name ? 1 : 0,
  );
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
    brands: managed,
  };
}
