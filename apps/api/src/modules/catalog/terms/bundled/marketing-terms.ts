import type { BundledTermsDocument } from './bundled-terms-document.ts';

/** What the optional marketing consent (sign-up and profile) covers, version 2026.1. */
export const marketingTerms: BundledTermsDocument = {
  type: 'marketing',
  version: '2026.1',
  title: 'Consent to Receive Marketing Communications',
  effectiveAt: new Date('2026-01-15T00:00:00.000Z'),
  sections: [
    {
      id: 'marketing',
      title: 'What you agree to',
      body:
        'By ticking the marketing box you agree that {{brand}} may send you news about upcoming drops, passes, tickets, fusion events, rewards and offers by email. ' +
        'This consent is optional: saying no never limits what you can do on {{brand}}.',
    },
    {
      id: 'marketing-data',
      title: 'The data we use',
      body:
        'We use your email address and nickname, and we may tailor what we send to the brands and collections you follow or own. ' +
        'We do not give your email address to brands or other partners; offers from partners come from us.',
    },
    {
      id: 'marketing-frequency',
      title: 'How often',
      body: 'A few emails a month at most, more only around a drop you have shown interest in.',
    },
    {
      id: 'marketing-withdraw',
      title: 'Changing your mind',
      body:
        'You can withdraw your consent at any time: switch marketing off in your profile, or use the unsubscribe link at the bottom of every marketing email. ' +
        'We will still send you messages about your account and purchases, which are not marketing.',
    },
  ],
};
