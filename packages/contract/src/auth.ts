import { z } from 'zod';
import { ZUuid } from './envelope.ts';
import { accountStatuses } from './account-status.ts';

/**
 * Account rules of spec section 5, written once: the API validates requests with these schemas and the web forms
 * use the same ones through zodResolver, so both sides refuse the same input with the same words.
 */
export const authMessages = {
  emailFormat: 'Please enter a valid email address.',
  passwordRule:
    'Use at least 10 characters with an uppercase letter, a lowercase letter, a number and a special character.',
  passwordsDoNotMatch: 'the passwords do not match, please re-enter',
  consentRequired: 'Please agree to continue.',
  smsCodeFormat: 'Enter the 6-digit code.',
  phoneFormat: 'Enter your mobile number with its country code, for example +1 555 123 4567.',
} as const;

export const PASSWORD_MIN_LENGTH = 10;
export const PASSWORD_MAX_LENGTH = 128;
export const SMS_CODE_LENGTH = 6;

export const ZEmail = z
  .string({ error: authMessages.emailFormat })
  .trim()
  .max(254, { error: authMessages.emailFormat })
  .pipe(z.email({ error: authMessages.emailFormat }))
  .transform((email) => email.toLowerCase());

/**
 * The password rule in its parts, as the sign-up, reset and change forms show them ticked off while typing. The
 * rule is these parts together (isStrongPassword), so the checklist cannot promise what the API refuses.
 */
export const passwordRequirements: readonly { label: string; isMet: (password: string) => boolean }[] = [
  // Characters as a person counts them, by code point: `.length` counts an emoji as two, and let a nine-character
  // password through.
  {
    label: `At least ${PASSWORD_MIN_LENGTH} characters`,
    isMet: (password) => [...password].length >= PASSWORD_MIN_LENGTH,
  },
  // Letters and digits of any script: an accented letter is a letter, not the special character the rule asks for.
  {
    label: 'Upper and lowercase letters',
    isMet: (password) => /\p{Lu}/u.test(password) && /\p{Ll}/u.test(password),
  },
  { label: 'A number', isMet: (password) => /\p{Nd}/u.test(password) },
  { label: 'A special character', isMet: (password) => /[^\p{L}\p{Nd}\s]/u.test(password) },
];

/** At least 10 characters with an uppercase letter, a lowercase letter, a digit and a special character. */
export function isStrongPassword(password: string): boolean {
  return (
    password.length <= PASSWORD_MAX_LENGTH && passwordRequirements.every((requirement) => requirement.isMet(password))
  );
}

/**
 * A new password: too long is said as such (the checklist ticks every item of a 129-character password that meets
 * them, so the rule's words would not say what is wrong); anything else short of the rule gets the rule's words.
 */
export const ZNewPassword = z.string({ error: authMessages.passwordRule }).superRefine((password, context) => {
  if (password.length > PASSWORD_MAX_LENGTH) {
    context.addIssue({ code: 'custom', message: `Use at most ${PASSWORD_MAX_LENGTH} characters.` });
  } else if (!isStrongPassword(password)) {
    context.addIssue({ code: 'custom', message: authMessages.passwordRule });
  }
});

/** A password being checked (sign-in, re-authentication): any non-empty string, the hash decides. */
export const ZExistingPassword = z.string().min(1).max(PASSWORD_MAX_LENGTH);

export const ZSmsCode = z
  .string({ error: authMessages.smsCodeFormat })
  .trim()
  .regex(new RegExp(`^\\d{${SMS_CODE_LENGTH}}$`), { error: authMessages.smsCodeFormat });

/** E.164: a plus sign, a country code and up to 15 digits in all (spaces and dashes are tolerated on input). */
export const ZPhoneNumber = z
  .string({ error: authMessages.phoneFormat })
  .transform((value) => value.replace(/[\s().-]/g, ''))
  .pipe(z.string().regex(/^\+[1-9]\d{7,14}$/, { error: authMessages.phoneFormat }));

export const ZSignUpRequest = z.strictObject({
  email: ZEmail,
  password: ZNewPassword,
  agreeToTerms: z.literal(true, { error: authMessages.consentRequired }),
  agreeToPrivacy: z.literal(true, { error: authMessages.consentRequired }),
  marketingConsent: z.boolean().default(false),
});
export type TSignUpRequest = z.input<typeof ZSignUpRequest>;

export const ZLoginRequest = z.strictObject({ email: ZEmail, password: ZExistingPassword });
export type TLoginRequest = z.input<typeof ZLoginRequest>;

export const ZTokenPair = z.object({ accessToken: z.string(), refreshToken: z.string() });
export type TTokenPair = z.infer<typeof ZTokenPair>;

/**
 * One of my sign-ins still going (GET /v1/users/sessions): where and when, so someone who sees a device they do not
 * know can end it. `device` is told from the browser's user agent ("Chrome on macOS"), as much as it says.
 */
export const ZMySession = z.object({
  id: ZUuid,
  device: z.string(),
  ipAddress: z.string().nullable(),
  signedInAt: z.string(),
  /** The sign-in's last use that reached the server: its start or its latest token refresh. */
  lastActiveAt: z.string(),
  /** The sign-in this request is made with. */
  isCurrent: z.boolean(),
});
export type TMySession = z.infer<typeof ZMySession>;

/** At most this many of my sign-ins are listed, the latest active first; `total` counts them all. */
export const MAX_LISTED_SESSIONS = 50;
export const ZMySessions = z.object({ items: z.array(ZMySession), total: z.number().int() });
export type TMySessions = z.infer<typeof ZMySessions>;

export const ZSessionsEnded = z.object({ endedCount: z.number().int() });
export type TSessionsEnded = z.infer<typeof ZSessionsEnded>;

export const ZMfaChallenge = z.object({
  mfaRequired: z.literal(true),
  mfaToken: z.string(),
  phoneEnding: z.string(),
});
export type TMfaChallenge = z.infer<typeof ZMfaChallenge>;

export const ZLoginResponse = z.union([ZTokenPair, ZMfaChallenge]);
export type TLoginResponse = z.infer<typeof ZLoginResponse>;

export const ZSignIn2faRequest = z.strictObject({ mfaToken: z.string().min(16).max(200), code: ZSmsCode });
export type TSignIn2faRequest = z.input<typeof ZSignIn2faRequest>;

/**
 * The key or token of a link we mailed. Any text up to 2,000 characters is looked up, so a link cut short or garbled
 * by a mail client answers INVALID_AUTHORIZATION_KEY ("Invalid verification key.", the page's "this link no longer
 * works") rather than a field error about its length.
 */
export const ZMailedLinkKey = z.string().min(1).max(2000);

export const ZVerifyEmailRequest = z.strictObject({ key: ZMailedLinkKey });
/** Whose address the key verified, and where that account stands: the page the link opens may be signed in as another. */
export const ZVerifyEmailResponse = z.object({ userId: ZUuid, status: z.enum(accountStatuses) });
export type TVerifyEmailResponse = z.infer<typeof ZVerifyEmailResponse>;
export const ZCheckPasswordRequest = z.strictObject({ password: ZExistingPassword });
export const ZChangePasswordRequest = z.strictObject({ currentPassword: ZExistingPassword, newPassword: ZNewPassword });
export type TChangePasswordRequest = z.input<typeof ZChangePasswordRequest>;
export const ZRequestPasswordResetRequest = z.strictObject({ email: ZEmail });
/** Whether a mailed reset link still works, asked as its page opens (one used or expired says so before the form). */
export const ZCheckPasswordResetKeyRequest = z.strictObject({ key: ZMailedLinkKey });
export const ZConfirmPasswordResetRequest = z.strictObject({
  key: ZMailedLinkKey,
  password: ZNewPassword,
});
export type TConfirmPasswordResetRequest = z.input<typeof ZConfirmPasswordResetRequest>;

export const ZMfaRegisterRequest = z.strictObject({ phoneNumber: ZPhoneNumber });
export type TMfaRegisterRequest = z.input<typeof ZMfaRegisterRequest>;
/** Resend during sign-in carries the mfaToken; a signed-in user asking for a code to turn two-factor off does not. */
export const ZMfaCodeRequest = z.strictObject({ mfaToken: z.string().min(16).max(200).optional() });
export const ZMfaVerifyRequest = z.strictObject({ code: ZSmsCode });
export const ZCodeSent = z.object({ phoneEnding: z.string(), expiresAt: z.string() });
export type TCodeSent = z.infer<typeof ZCodeSent>;

export const ZReauthentication = z.object({ reauthenticatedUntil: z.string() });
