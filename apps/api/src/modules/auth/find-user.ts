import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/app-error.ts';
import { findAccountById, type TAccount } from '../users/accounts.ts';

export { findAccountByEmail as findUserByEmail } from '../users/accounts.ts';

/** The signed-in person's account; one that is gone ends the sign-in. */
export async function getUser(db: Db, userId: string): Promise<TAccount> {
  const user = await findAccountById(db, userId);
  if (!user) throw new AppError('UNAUTHORIZED');
  return user;
}
