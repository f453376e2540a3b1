import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/app-error.ts';
import { toPublicUser } from './user-views.ts';
import { users } from './users.tables.ts';

export async function getPublicUser(db: Db, userId: string) {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  // A deleted account keeps its row for the records that point at it, but is nobody's to look at any more.
  if (!user || user.deletedAt) throw new AppError('NOT_FOUND');
  return toPublicUser(user);
}
