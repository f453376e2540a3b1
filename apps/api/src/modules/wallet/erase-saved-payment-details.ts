import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { savedCards, tiliaPaymentMethods } from './cards/cards.tables.ts';
import { bankAccounts, walletAddresses } from './payout-destinations/payout-destinations.tables.ts';

/**
 * An account deletion's part in the wallet: saved cards, Tilia methods, bank accounts and wallet addresses are
 * conveniences of a person who is gone. Ledger entries, deposits and withdrawals (with the bank details they were
 * paid to) stay: they are financial records. Writes: saved_cards, tilia_payment_methods, bank_accounts,
 * wallet_addresses.
 */
export async function eraseSavedPaymentDetails(tx: Db, userId: string): Promise<void> {
  await tx.delete(savedCards).where(eq(savedCards.userId, userId));
  await tx.delete(tiliaPaymentMethods).where(eq(tiliaPaymentMethods.userId, userId));
  await tx.delete(bankAccounts).where(eq(bankAccounts.userId, userId));
  await tx.delete(walletAddresses).where(eq(walletAddresses.userId, userId));
}
