import { z } from 'zod';

/**
 * One attempt at verifying a person's identity (KYC) before money leaves: pending while the provider checks the ID,
 * then verified or failed. A new attempt after a failure is a new one; a person has at most one pending at a time.
 */
export const identityVerificationStatuses = ['pending', 'verified', 'failed'] as const;
export type TIdentityVerificationStatus = (typeof identityVerificationStatuses)[number];

/** The allowed moves (house rule 6): the provider's webhook ends a pending attempt; verified and failed are final. */
export const identityVerificationTransitions: Record<
  TIdentityVerificationStatus,
  readonly TIdentityVerificationStatus[]
> = {
  pending: ['verified', 'failed'],
  verified: [],
  failed: [],
};

/** The reasons the sandbox reports; a real provider may send others, which the web words generically. */
export const identityFailureReasons = ['document_unreadable', 'name_mismatch'] as const;
export type TIdentityFailureReason = (typeof identityFailureReasons)[number];

/** `POST /v1/identity-verifications`: the attempt, with the provider's page to upload the ID while it is pending. */
export const ZIdentityVerification = z.object({
  id: z.string(),
  status: z.enum(identityVerificationStatuses),
  /** A plain code once failed (for example `document_unreadable`, `name_mismatch`); else null. */
  failureReason: z.string().nullable(),
  /** Where the person uploads their ID, while pending and once the provider has answered; else null. */
  verificationUrl: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TIdentityVerification = z.infer<typeof ZIdentityVerification>;

/**
 * `GET /v1/identity-verifications/my`: where the person stands. `none` before any attempt; otherwise the latest
 * attempt (a verified one wins over later ones: a verified identity stays verified).
 */
export const ZMyIdentityVerification = z.object({
  status: z.enum(['none', ...identityVerificationStatuses]),
  verification: ZIdentityVerification.nullable(),
});
export type TMyIdentityVerification = z.infer<typeof ZMyIdentityVerification>;
