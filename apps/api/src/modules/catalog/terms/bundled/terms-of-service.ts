import type { BundledTermsDocument } from './bundled-terms-document.ts';

/** Terms of service, version 2026.1. Section ids are the anchors of /terms (the page opens at #tos). */
export const termsOfService: BundledTermsDocument = {
  type: 'tos',
  version: '2026.1',
  title: '{{brand}} Terms of Service',
  effectiveAt: new Date('2026-01-15T00:00:00.000Z'),
  sections: [
    {
      id: 'tos',
      title: 'Agreement to these terms',
      body:
        'These Terms of Service govern your use of the {{brand}} marketplace, its website and apps, and the digital collectibles offered on it. ' +
        'By creating an account, signing in with Google, or buying anything on {{brand}}, you agree to these terms and to our Privacy Policy. ' +
        'If you do not agree, please do not use the service.',
    },
    {
      id: 'tos-eligibility',
      title: 'Who can use {{brand}}',
      body:
        'You must be at least 18 years old, or the age of majority where you live if that is higher, and able to enter into a binding contract. ' +
        'The service is not offered in some countries and regions; requests from those places are refused. ' +
        'You may hold one account. Accounts are personal and may not be sold, shared or transferred.',
    },
    {
      id: 'tos-account',
      title: 'Your account and its security',
      body:
        'Give us accurate information and keep your email address up to date: we use it to verify your account and to reach you about it. ' +
        'Keep your password secret and turn on two-factor authentication by SMS to protect your collection. ' +
        'You are responsible for what happens under your account. Tell us straight away if you think someone else has used it.',
    },
    {
      id: 'tos-collectibles',
      title: 'Digital collectibles and what you own',
      body:
        'A digital collectible is an edition of a product published by a brand on {{brand}}, recorded as a token on a public blockchain. ' +
        'Owning an edition gives you a personal, non-commercial licence to display the artwork it represents and to sell or transfer the edition where the marketplace allows it. ' +
        'It does not transfer any copyright, trademark or other intellectual property, which stay with the brand and its licensors.',
    },
    {
      id: 'tos-purchases',
      title: 'Drops, packs, passes and tickets',
      body:
        'Drops open at the times shown and may be sold in rounds, some reserved for whitelisted collectors. Quantities are limited, and an item is yours only once the purchase succeeds. ' +
        'Each purchase shows the unit price and the service fee before you pay. Packs contain editions chosen at random according to the rarities published for the drop. ' +
        'A purchase that is not completed in time is cancelled and any amount taken is returned to your balance. Except where the law requires otherwise, completed purchases are final.',
    },
    {
      id: 'tos-balance',
      title: 'Balance, deposits and withdrawals',
      body:
        'You can add funds to your balance by card, by cryptocurrency through our crypto payment provider, or through our payment partner. Cryptocurrency sent on an unsupported network cannot be recovered. ' +
        'Your balance is shown in US dollars and in CYP; some funds, such as promotional credit, can be spent but not withdrawn. ' +
        'Withdrawals by wire transfer or to a USDC wallet are reviewed for compliance, which can take up to two weeks. A wire withdrawal costs a fee of 25 US dollars per request, which may apply even if the withdrawal is rejected because the bank details were wrong.',
    },
    {
      id: 'tos-fusion',
      title: 'Fusion',
      body:
        'Fusion lets you burn selected collectibles to receive a new one. Burned collectibles are destroyed permanently and cannot be restored, even if the result is not what you hoped for. ' +
        'Locked editions cannot be used as materials.',
    },
    {
      id: 'tos-conduct',
      title: 'What you must not do',
      body:
        'Do not use bots, scripts or several accounts to buy in drops, claim whitelist places or collect rewards; do not manipulate prices, launder money or use funds that are not yours; ' +
        'do not attack, overload or probe the service; and do not infringe the rights of brands or other collectors. ' +
        'We may cancel purchases, withhold rewards and suspend accounts involved in such conduct.',
    },
    {
      id: 'tos-community',
      title: 'Community and Discord',
      body:
        'You can connect a Discord account to receive the community roles that your collection unlocks. ' +
        'Disconnecting Discord removes those roles, and you can connect a Discord account again only 14 days after disconnecting.',
    },
    {
      id: 'tos-deletion',
      title: 'Suspension and account deletion',
      body:
        'You can ask to delete your account from your account settings once your balance, packs and collectibles are empty. ' +
        'The deletion is carried out seven days later; until then you can sign in and cancel the request. ' +
        'We may suspend or close an account that breaks these terms or when the law requires it, and will tell you why unless we are not allowed to.',
    },
    {
      id: 'tos-liability',
      title: 'Disclaimers and limitation of liability',
      body:
        'The service is provided as it is. The value of digital collectibles can go down as well as up, and we do not promise that any collectible will keep or gain value. ' +
        'Blockchains and third-party wallets are outside our control. To the extent the law allows, our total liability to you is limited to the fees you paid us in the twelve months before the claim.',
    },
    {
      id: 'tos-changes',
      title: 'Changes to these terms',
      body:
        'We may update these terms. Each version shows its date of effect; we announce significant changes by email and on the site at least 30 days before they apply. ' +
        'If you keep using {{brand}} after a new version takes effect, that version applies to you.',
    },
    {
      id: 'tos-contact',
      title: 'Contact',
      body: 'Questions about these terms? Write to our support team through the help centre, and we will answer within two working days.',
    },
  ],
};
