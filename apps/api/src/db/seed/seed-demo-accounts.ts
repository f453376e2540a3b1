import { hashPassword } from '../../modules/auth/password-hashing.ts';
import { operatorGrants } from '../../modules/console/console.tables.ts';
import { users } from '../../modules/users/users.tables.ts';
import { newId } from '../../lib/ids.ts';
import { inTransaction } from '../transaction.ts';
import type { SeedDeps } from './seed-demo.ts';

/**
 * Two ready-made accounts for trying the product and for browser journeys: an admin operator and a collector, both
 * ACTIVE (email verified, profile made). Demo credentials: the seed runs outside production only (main.ts), and
 * `npm run seed` is a developer's command.
 */
export const demoAccounts = {
  admin: { email: 'admin@cypher.local', password: 'Operator#2026', nickname: 'Operator' },
  collector: { email: 'fan@cypher.local', password: 'Collector#2026', nickname: 'Collector' },
} as const;

export async function seedDemoAccounts({ database, clock }: SeedDeps): Promise<void> {
  const now = clock.now();
  const accounts = await Promise.all(
    Object.values(demoAccounts).map(async (account) => ({
      ...account,
      id: newId(),
      passwordHash: await hashPassword(account.password),
    })),
  );
  await inTransaction(database.db, async (tx) => {
    await tx.insert(users).values(
      accounts.map((account) => ({
        id: account.id,
        email: account.email,
        passwordHash: account.passwordHash,
        status: 'ACTIVE' as const,
        nickname: account.nickname,
        marketingConsent: false,
        agreedToTermsAt: now,
        agreedToPrivacyAt: now,
        emailVerifiedAt: now,
        passwordChangedAt: now,
        createdAt: now,
        updatedAt: now,
      })),
    );
    const admin = accounts.find((account) => account.email === demoAccounts.admin.email)!;
    await tx
      .insert(operatorGrants)
      .values({ id: newId(), userId: admin.id, role: 'admin', brandId: null, createdAt: now });
  });
}
