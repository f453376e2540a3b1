/** Messages another page can leave for /signin through router state: `navigate('/signin', { state: { notice } })`. */
export const signInNotices = {
  'password-reset': 'Your password has been reset, and every device was signed out. Sign in with your new password.',
  'deletion-requested':
    'Your account will be deleted in seven days, and every device was signed out. Sign in before then to cancel the request.',
  'social-sign-up-expired': 'Your sign-up with Google has expired. Please continue with Google again.',
  'social-sign-up-done': 'Your account with Google is already made. Continue with Google to sign in.',
  'sign-in-code-expired': 'Your sign-in code has expired. Please sign in again to get a new one.',
} as const;

export type SignInNotice = keyof typeof signInNotices;

/** Notices that say why the person must start over rather than that something went well: shown as information. */
export const startOverNotices: ReadonlySet<SignInNotice> = new Set([
  'sign-in-code-expired',
  'social-sign-up-expired',
  'social-sign-up-done',
]);
