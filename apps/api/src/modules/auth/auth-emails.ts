import type { OutgoingEmail } from '../../adapters/mail/mail.ts';

interface Brand {
  brandName: string;
  publicUrl: string;
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

function layout(brand: Brand, lines: string[], action: { label: string; url: string }) {
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;background:#0b0b10;color:#ececf1;padding:24px">
<div style="max-width:520px;margin:0 auto;background:#15151f;border-radius:16px;padding:28px">
<h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(brand.brandName)}</h1>
${lines.map((line) => `<p style="line-height:1.5">${escapeHtml(line)}</p>`).join('\n')}
<p><a href="${escapeHtml(action.url)}" style="display:inline-block;background:#8b7bff;color:#0b0b10;padding:12px 20px;border-radius:10px;text-decoration:none;font-weight:600">${escapeHtml(action.label)}</a></p>
<p style="color:#a0a0b0;font-size:13px">If the button does not work, open this link: ${escapeHtml(action.url)}</p>
</div></body></html>`;
  const text = `${lines.join('\n\n')}\n\n${action.label}: ${action.url}\n\n— ${brand.brandName}`;
  return { text, html };
}

export function verificationEmail(brand: Brand, to: string, key: string): OutgoingEmail {
  const url = `${brand.publicUrl}/email/verify?key=${encodeURIComponent(key)}`;
  return {
    to,
    subject: `Verify your email for ${brand.brandName}`,
    ...layout(
      brand,
      ['Welcome! Please confirm that this is your email address.', 'The link works for 24 hours and only once.'],
      { label: 'Verify my email', url },
    ),
  };
}

export function passwordResetEmail(brand: Brand, to: string, key: string): OutgoingEmail {
  const url = `${brand.publicUrl}/password/reset?key=${encodeURIComponent(key)}`;
  return {
    to,
    subject: `Reset your ${brand.brandName} password`,
    ...layout(
      brand,
      [
        'We received a request to reset your password.',
        'The link works for one hour and only once. If you did not ask for this, ignore this email: your password stays as it is.',
      ],
      { label: 'Choose a new password', url },
    ),
  };
}

export function passwordChangedEmail(brand: Brand, to: string): OutgoingEmail {
  return {
    to,
    subject: `Your ${brand.brandName} password was changed`,
    ...layout(
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
