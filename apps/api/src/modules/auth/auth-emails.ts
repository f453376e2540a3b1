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

export function passwordChangedEmail(brand: EmailBrand, to: string): OutgoingEmail {
  return {
    to,
    subject: `Your ${brand.brandName} password was changed`,
    ...emailLayout(
      brand,
      [
        'Your password was just changed, and every other device was signed out.',
        'If this was not you, reset your password now and contact support.',
      ],
      { label: 'Reset my password', url: `${brand.publicUrl}/password/reset` },
    ),
  };
}

export function smsCodeText(brandName: string, code: string): string {
  return `${brandName}: your verification code is ${code}. It expires in 10 minutes. Never share it with anyone.`;
}
