/** Messages another page can leave for /signin through router state: `navigate('/signin', { state: { notice } })`. */
export const signInNotices = {
  'password-reset': 'Your password has been reset, and every device was signed out. Sign in with your new password.',
} as const;

export type SignInNotice = keyof typeof signInNotices;
