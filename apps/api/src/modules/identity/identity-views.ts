import type { TIdentityVerification } from '@cypher/contract';
import type { TIdentityVerificationRow } from './identity.tables.ts';

export function identityVerificationView(row: TIdentityVerificationRow): TIdentityVerification {
  return {
    id: row.id,
    status: row.status,
    failureReason: row.failureReason,
    verificationUrl: row.status === 'pending' ? row.verificationUrl : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Where the provider sends the person back: the Withdraw tab, which shows this attempt's outcome. */
export function identityReturnUrl(publicUrl: string, verificationId: string): string {
  return `${publicUrl}/payment?tab=withdraw&identity=${verificationId}`;
}
