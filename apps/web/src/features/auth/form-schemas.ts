import {
  authMessages,
  ZChangePasswordRequest,
  ZConfirmPasswordResetRequest,
  ZExistingPassword,
  ZLoginRequest,
  ZMfaRegisterRequest,
  ZMfaVerifyRequest,
  ZRequestPasswordResetRequest,
  ZSignIn2faRequest,
  ZSignUpRequest,
  ZSocialSignUpRequest,
} from '@cypher/contract';
import { z } from 'zod';

/**
 * The account forms' schemas: the contract's request schemas (the API validates with the very same ones), plus
 * what only a form has (a confirmation box, a message for an empty password box).
 */
const enterPasswordMessage = 'Enter your password.';
const confirmPasswordMessage = 'Enter the password again.';

// The contract checks an existing password only for length and names no message; an empty box deserves words.
const ZEnteredPassword = z.string().min(1, { error: enterPasswordMessage }).pipe(ZExistingPassword);

/** Adds "confirm" to a form with a new password, matched against `field` with the spec's message. */
function withConfirmation<TShape extends z.ZodRawShape, TConfig extends z.core.$ZodObjectConfig>(
  schema: z.ZodObject<TShape, TConfig>,
  field: 'password' | 'newPassword',
) {
  return schema
    .extend({ confirmPassword: z.string().min(1, { error: confirmPasswordMessage }) })
    .refine((values) => (values as Record<string, unknown>)[field] === values.confirmPassword, {
      path: ['confirmPassword'],
      error: authMessages.passwordsDoNotMatch,
      // Compare even when other fields (say, the email) are still wrong, so every message shows at once; an empty
      // confirmation has its own message.
      when: (payload) => {
        const value = payload.value as Record<string, unknown> | undefined;
        return (
          typeof value?.[field] === 'string' &&
          typeof value['confirmPassword'] === 'string' &&
          value['confirmPassword'] !== ''
        );
      },
    });
}

export const ZSignInForm = ZLoginRequest.extend({ password: ZEnteredPassword });
export const ZSmsCodeForm = ZSignIn2faRequest.pick({ code: true });
export const ZSignUpForm = withConfirmation(ZSignUpRequest, 'password');
export const ZChangePasswordForm = withConfirmation(
  ZChangePasswordRequest.extend({ currentPassword: ZEnteredPassword }),
  'newPassword',
);
export const ZRequestPasswordResetForm = ZRequestPasswordResetRequest;
export const ZResetPasswordForm = withConfirmation(ZConfirmPasswordResetRequest.pick({ password: true }), 'password');
export const ZPhoneForm = ZMfaRegisterRequest;
export const ZMfaCodeForm = ZMfaVerifyRequest;
/** The consent step of a Google sign-up: the same agreements as the email form; the token comes from storage. */
export const ZSocialConsentForm = ZSocialSignUpRequest.omit({ signUpToken: true });
