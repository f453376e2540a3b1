import type { BundledTermsDocument } from './bundled-terms-document.ts';

/** Cookie policy, version 2026.1 (shown at /terms#cookie and on the cookie page). */
export const cookiePolicy: BundledTermsDocument = {
  type: 'cookie',
  version: '2026.1',
  title: '{{brand}} Cookie Policy',
  effectiveAt: new Date('2026-01-15T00:00:00.000Z'),
  sections: [
    {
      id: 'cookie',
      title: 'Cookies and browser storage',
      body:
        'Cookies are small files a website asks your browser to keep; browser storage works in a similar way. ' +
        '{{brand}} uses them to keep you signed in and, if you allow it, to understand how the site is used.',
    },
    {
      id: 'cookie-essential',
      title: 'Strictly necessary',
      body:
        'Your sign-in tokens, your user record and, during a Google sign-up, your temporary social profile are kept in your browser storage so that you stay signed in between pages. ' +
        'We also remember that you completed onboarding. These are needed for the service to work and cannot be switched off; signing out removes them.',
    },
    {
      id: 'cookie-analytics',
      title: 'Analytics',
      body:
        'With your consent, we use analytics services to count page views and visits and to see which features are used, so we can improve them. ' +
        'These services set their own cookies. We do not use them to show you advertising.',
    },
    {
      id: 'cookie-error-reporting',
      title: 'Error reporting',
      body:
        'When the site meets an error, an error-reporting service receives technical details about it (the page, the browser and what went wrong) so we can fix it. ' +
        'It does not receive your password or payment details.',
    },
    {
      id: 'cookie-choices',
      title: 'Your choices',
      body:
        'You can change your analytics choice at any time, and you can delete cookies and browser storage in your browser settings. ' +
        'Blocking strictly necessary storage will sign you out and stop parts of {{brand}} from working.',
    },
  ],
};
