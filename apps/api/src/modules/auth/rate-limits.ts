import type { RateLimit } from '../../http/rate-limit/rate-limiter.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/**
 * Rate limits on account actions, per IP and per account (spec: REQUEST_MAXIMUN). Failed sign-ins count against the
 * account from each address (the 11th wrong password from one address within 15 minutes is refused) and from all of
 * them together, with a ceiling ten times higher: a guesser spread over many addresses is slowed, and someone who only
 * wants to lock the owner out cannot do it with ten wrong passwords sent from anywhere.
 */
export const authRateLimits = {
  signInPerIp: { name: 'sign-in-ip', limit: 50, windowMs: 15 * MINUTE },
  failedSignInsPerAccountAndIp: { name: 'sign-in-failures-ip', limit: 10, windowMs: 15 * MINUTE },
  failedSignInsPerAccount: { name: 'sign-in-failures', limit: 100, windowMs: 15 * MINUTE },
  passwordResetPerIp: { name: 'password-reset-ip', limit: 10, windowMs: HOUR },
  passwordResetPerAccount: { name: 'password-reset-account', limit: 3, windowMs: HOUR },
  verificationMailsPerAccount: { name: 'verification-mail', limit: 5, windowMs: HOUR },
  /**
   * SMS codes per account: signing in (a challenge and its resends) and the account's own settings (registering a
   * phone, turning two-factor off) count apart, so codes asked for in the settings never lock a person out of
   * signing in, where they would need a code to turn it off.
   */
  signInSmsPerAccount: { name: 'sms-sign-in-account', limit: 10, windowMs: HOUR },
  settingsSmsPerAccount: { name: 'sms-account', limit: 5, windowMs: HOUR },
  smsPerIp: { name: 'sms-ip', limit: 20, windowMs: HOUR },
  failedPasswordChecksPerAccount: { name: 'password-check-failures', limit: 10, windowMs: 15 * MINUTE },
  oauthStartsPerIp: { name: 'oauth-start-ip', limit: 30, windowMs: 15 * MINUTE },
} satisfies Record<string, RateLimit>;

/** Sign-ups per address, password and social together: SIGN_UP_LIMIT_PER_HOUR (10 by default) in an hour. */
export function signUpPerIp(limitPerHour: number): RateLimit {
  return { name: 'sign-up-ip', limit: limitPerHour, windowMs: HOUR };
}

export interface RequestMeta {
  ip: string;
  userAgent: string | undefined;
}
