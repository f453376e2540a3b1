import { and, desc, eq } from 'drizzle-orm';
import { MAX_WALLET_ADDRESSES, shortUsdcAddress, type TWalletAddress } from '@cypher/contract';
import type { Db } from '../../../db/client.ts';
import { isUniqueViolation } from '../../../db/errors.ts';
import { inTransaction } from '../../../db/transaction.ts';
import { AppError } from '../../../http/app-error.ts';
import { newId } from '../../../lib/ids.ts';
import { hasRoomForOneMore } from '../person-slots.ts';
import { walletAddresses, type TWalletAddressRow } from './payout-destinations.tables.ts';

function walletAddressView(row: TWalletAddressRow): TWalletAddress {
  return {
    id: row.id,
    address: row.address,
    label: shortUsdcAddress(row.address),
    createdAt: row.createdAt.toISOString(),
  };
}

export async function listWalletAddresses(db: Db, userId: string): Promise<TWalletAddress[]> {
  const rows = await db
    .select()
    .from(walletAddresses)
    .where(eq(walletAddresses.userId, userId))
    .orderBy(desc(walletAddresses.createdAt), desc(walletAddresses.id));
  return rows.map(walletAddressView);
}

/** Saves an address checked by the contract's ZUsdcAddress, up to five per person, each once. */
export async function addWalletAddress(db: Db, userId: string, address: string, now: Date): Promise<TWalletAddress> {
  try {
    return await inTransaction(db, async (tx) => {
      if (!(await hasRoomForOneMore(tx, walletAddresses, userId, MAX_WALLET_ADDRESSES))) {
        throw new AppError('WALLET_ADDRESS_LIMIT_REACHED');
      }
      const [row] = await tx
        .insert(walletAddresses)
        .values({ id: newId(), userId, address, createdAt: now })
        .returning();
      return walletAddressView(row!);
    });
  } catch (error) {
    if (isUniqueViolation(error, 'wallet_addresses_user_address_key'))
      throw new AppError('WALLET_ADDRESS_ALREADY_SAVED');
    throw error;
  }
}

export async function deleteWalletAddress(db: Db, userId: string, id: string): Promise<void> {
  const deleted = await db
    .delete(walletAddresses)
    .where(and(eq(walletAddresses.id, id), eq(walletAddresses.userId, userId)))
    .returning({ id: walletAddresses.id });
  if (deleted.length === 0) throw new AppError('WALLET_ADDRESS_NOT_FOUND');
}
