import { emailLayout, type EmailBrand } from '../../adapters/mail/email-layout.ts';
import type { OutgoingEmail } from '../../adapters/mail/mail.ts';

export function verificationEmail(brand: EmailBrand, to: string, key: string): OutgoingEmail {
  const url = `${brand.publicUrl}/email/verify?key=${encodeURIComponent(key)}`;
  return {
    to,
    subject: `Verify your email for ${brand.brandName}`,
    ...emailLayout(
      brand,
      ['Welcome! Please confirm that this is your email address.', 'The link works for 24 hours and only once.'],
      { label: 'Verify my email', url },
    ),
  };
}

export function passwordResetEmail(brand: EmailBrand, to: string, key: string): OutgoingEmail {
  const url = `${brand.publicUrl}/password/reset?key=${encodeURIComponent(key)}`;
  return {
    to,
    subject: `Reset your ${brand.brandName} password`,
    ...emailLayout(
      brand,
      [
        'We received a request to reset your password.',
        'The link works for one hour and only once. If you did not ask for this, ignore this email: your password stays as it is.',
      ],
      { label: 'Choose a new password', url },
    ),
  };
}

/**
 * After the password changed, from the account page (`changed`: this device stays signed in) or with a reset link
 * (`reset`: every device is signed out): the owner hears of it even when it was not them (session 79's hunt: a reset
 * told nobody).
 */
export function passwordChangedEmail(brand: EmailBrand, to: string, how: 'changed' | 'reset'): OutgoingEmail {
  return {
    to,
    subject: `Your ${brand.brandName} password was changed`,
    ...emailLayout(
      brand,
      [
        how === 'changed'
          ? 'Your password was just changed, and every other device was signed out.'
          : 'Your password was just reset with the link we sent you, and every device was signed out.',
        'If this was not you, reset your password now and contact support.',
      ],
      { label: 'Reset my password', url: `${brand.publicUrl}/password/reset` },
    ),
  };
}

/** Two-factor sign-in turned on or off: a change to how the account is guarded, told to its owner (session 79's hunt). */
export function twoFactorChangedEmail(brand: EmailBrand, to: string, isEnabled: boolean): OutgoingEmail {
  return {
    to,
    subject: isEnabled ? 'Two-factor sign-in is on' : 'Two-factor sign-in was turned off',
    ...emailLayout(
      brand,
      [
        isEnabled
          ? 'Two-factor sign-in is on: signing in now asks for a code sent to your phone as well as your password.'
          : 'Two-factor sign-in was turned off: signing in now asks for your password only.',
        'If this was not you, reset your password now and contact support.',
      ],
      { label: 'Review your security', url: `${brand.publicUrl}/account/security` },
    ),
  };
}

export function smsCodeText(brandName: string, code: string): string {
  return `${brandName}: your verification code is ${code}. It expires in 10 minutes. Never share it with anyone.`;
}
