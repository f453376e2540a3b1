import type { BundledTermsDocument } from './bundled-terms-document.ts';

/** Privacy policy, version 2026.1 (shown at /terms#privacy and on the privacy page). */
export const privacyPolicy: BundledTermsDocument = {
  type: 'privacy',
  version: '2026.1',
  title: '{{brand}} Privacy Policy',
  effectiveAt: new Date('2026-01-15T00:00:00.000Z'),
  sections: [
    {
      id: 'privacy',
      title: 'Who we are',
      body:
        '{{brand}} runs the marketplace and is responsible for the personal data described here. ' +
        'This policy explains what we collect when you use {{brand}}, why, who we share it with, and the choices you have.',
    },
    {
      id: 'privacy-data-we-collect',
      title: 'The data we collect',
      body:
        'Account data: your email address, password (stored only as a one-way hash), nickname, profile photo and background, and your consents. ' +
        'Security data: the phone number you register for two-factor authentication, your sign-ins with their IP address and device, and failed attempts. ' +
        'Activity: your purchases, balance movements, withdrawals, collection, fusions, check-ins and redeemed codes. ' +
        'From providers you connect: your Google name, email and picture when you sign in with Google, and your Discord id and username when you connect Discord.',
    },
    {
      id: 'privacy-how-we-use',
      title: 'How we use it',
      body:
        'To run your account and the marketplace: verify your email, sign you in, process purchases and withdrawals, and show your collection. ' +
        'To keep the service safe: detect fraud, abuse and bots, and meet our legal duties such as anti-money-laundering checks. ' +
        'To talk to you: messages about your account and purchases, and news and offers only if you agreed to receive them.',
    },
    {
      id: 'privacy-legal-bases',
      title: 'Our legal bases',
      body:
        'We process your data to perform our contract with you, to comply with the law, for our legitimate interest in a secure and working service, ' +
        'and with your consent for marketing emails and optional analytics. You can withdraw consent at any time without affecting what happened before.',
    },
    {
      id: 'privacy-sharing',
      title: 'Who we share it with',
      body:
        'Service providers that work for us under contract: payment and crypto payment providers, identity verification, email and SMS delivery, hosting, error reporting and analytics. ' +
        'Google and Discord, only for the sign-in or connection you start. Brands see nothing that identifies you unless you agree. ' +
        'Authorities, when the law requires it. We never sell your personal data.',
    },
    {
      id: 'privacy-retention',
      title: 'How long we keep it',
      body:
        'We keep your data while your account is open. When you delete your account, the deletion is carried out after seven days: ' +
        'your profile, email, phone number, sign-ins and connected accounts are removed, and your email address becomes free to use again. ' +
        'Records of purchases and payments are kept in anonymised form for as long as tax and financial laws require.',
    },
    {
      id: 'privacy-rights',
      title: 'Your rights',
      body:
        'You can access, correct, export or delete your data, object to or restrict some uses, and withdraw consent. Most of this you can do yourself in your profile and account settings; ' +
        'for the rest, contact us. You can also complain to your data protection authority.',
    },
    {
      id: 'privacy-transfers',
      title: 'International transfers',
      body: 'Our providers may process data outside your country. When they do, we rely on adequacy decisions or standard contractual clauses to protect it.',
    },
    {
      id: 'privacy-security',
      title: 'Security',
      body:
        'We protect your data with encryption in transit, hashed passwords and codes, short-lived sign-in tokens, optional two-factor authentication and strict access controls. ' +
        'No system is perfectly secure; if a breach affects you, we will tell you as the law requires.',
    },
    {
      id: 'privacy-children',
      title: 'Children',
      body: '{{brand}} is not for anyone under 18. If we learn that a child has an account, we close it and delete their data.',
    },
    {
      id: 'privacy-contact',
      title: 'Contact and changes',
      body:
        'For privacy questions or requests, contact our data protection team through the help centre. ' +
        'We will tell you about significant changes to this policy before they apply; each version shows its date of effect.',
    },
  ],
};
