import { emailLayout, type EmailBrand } from '../../../adapters/mail/email-layout.ts';
import type { OutgoingEmail } from '../../../adapters/mail/mail.ts';

/** Sent when a deletion is requested: the owner learns of it even if it was not them, and how to stop it. */
export function deletionRequestedEmail(brand: EmailBrand, to: string, deletesAt: Date): OutgoingEmail {
  const when = `${deletesAt.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
  return {
    to,
    subject: `Your ${brand.brandName} account will be deleted`,
    ...emailLayout(
      brand,
      [
        `We received a request to delete your account. It will be deleted on ${when}, with your profile and personal data.`,
        'Changed your mind, or was it not you? Sign in before then and cancel the request.',
      ],
      { label: 'Sign in to cancel', url: `${brand.publicUrl}/signin` },
    ),
  };
}

/** Sent when a pending deletion is cancelled: the owner, warned by the request's email, learns it is over. */
export function deletionCancelledEmail(brand: EmailBrand, to: string): OutgoingEmail {
  return {
    to,
    subject: `Your ${brand.brandName} account will not be deleted`,
    ...emailLayout(
      brand,
      [
        'The request to delete your account was cancelled: your account, profile and collection stay as they are.',
        'If this was not you, reset your password now and contact support.',
      ],
      { label: 'Go to your account', url: `${brand.publicUrl}/account/security` },
    ),
  };
}
