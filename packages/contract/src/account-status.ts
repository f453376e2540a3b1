/**
 * Account status (spec section 4): CREATED -> EMAIL_VERIFIED (email verified) -> ACTIVE (profile created). Kept out
 * of users.ts, which builds zod schemas, because the web app's shell reads it before any page loads zod.
 */
export const accountStatuses = ['CREATED', 'EMAIL_VERIFIED', 'ACTIVE'] as const;
export type TAccountStatus = (typeof accountStatuses)[number];

export function isAccountStatus(value: unknown): value is TAccountStatus {
  return (accountStatuses as readonly unknown[]).includes(value);
}
