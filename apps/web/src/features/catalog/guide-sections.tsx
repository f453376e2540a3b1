import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { IconName } from '../../ui/icon.tsx';

export interface GuideSection {
  /** The anchor: `/guide#buy-drops`. */
  id: string;
  icon: IconName;
  title: string;
  intro: string;
  steps: ReactNode[];
  note?: ReactNode;
}

/** The guide's content: each part of the product in a few steps, in the words of the spec (sections 1, 2, 4 and 9). */
export const guideSections: GuideSection[] = [
  {
    id: 'sign-up',
    icon: 'users',
    title: 'Sign up',
    intro: 'An account keeps your collection, your balance and your drops in one place.',
    steps: [
      <>
        <Link to="/signup">Create an account</Link> with your email and a password, or continue with Google.
      </>,
      'Open the link in the verification email we send you.',
      'Create your profile: pick a nickname (letters only, 3 to 30) and, if you like, a photo.',
      <>
        For extra safety, turn on two-factor sign-in by SMS in <Link to="/account/security">account security</Link>.
      </>,
    ],
  },
  {
    id: 'buy-drops',
    icon: 'clock',
    title: 'Buy drops',
    intro: 'Brands release packs in drops: a limited number, sold in rounds, each with its own sale window.',
    steps: [
      <>
        Watch <Link to="/drops">Drops</Link> for what is available now and what is coming up next.
      </>,
      'When a round opens, choose a pack. You see its unit price and the fee before you pay.',
      'Pay from your balance. If it is short, add funds first and come back.',
      'Your purchase shows as pending, then successful. If payment does not finish in time, it times out and you are not charged.',
    ],
  },
  {
    id: 'open-packs',
    icon: 'package',
    title: 'Open packs',
    intro: 'Every pack holds editions, with some guaranteed editions in each drop.',
    steps: [
      'Open a pack from your collection: its editions are revealed one by one.',
      'Each edition has a rarity (common, rare, epic or legendary) and a number within its edition size.',
      <>
        Everything you open lands in <Link to="/collections">your collection</Link>, sorted by brand.
      </>,
    ],
  },
  {
    id: 'fuse',
    icon: 'flame',
    title: 'Fuse collectibles',
    intro: 'Fusion burns the collectibles a recipe asks for and gives you something new in return.',
    steps: [
      <>
        Pick an available fusion in <Link to="/fusions">Fusions</Link>; filter by brand, category or status.
      </>,
      'Fill its slots with materials from your collection. Locked items are protected and cannot be picked.',
      'Confirm the burn. The materials are gone for good once fusion starts.',
      'Wait a moment while it processes, then see your result.',
    ],
  },
  {
    id: 'check-in',
    icon: 'calendar',
    title: 'Check in every day',
    intro: 'Daily attendance rewards the collectors who come back.',
    steps: [
      <>
        Open <Link to="/tickets/attendance">Attendance</Link> and check in once a day.
      </>,
      'Keep your streak going to reach the bigger rewards on the calendar.',
    ],
  },
  {
    id: 'redeem-codes',
    icon: 'gift',
    title: 'Redeem codes',
    intro: 'Brands and the community hand out codes at events, in streams and in newsletters.',
    steps: [
      <>
        Go to <Link to="/profile/redeem">Redeem a code</Link> and type the code exactly as you received it.
      </>,
      'What it unlocks lands in your collection. Each code works once.',
    ],
  },
  {
    id: 'add-funds',
    icon: 'wallet',
    title: 'Add funds',
    intro: 'Your balance pays for drops, passes and tickets. It is shown in USD and in CYP.',
    steps: [
      <>
        Open <Link to="/payment">Payment</Link> and choose Add funds.
      </>,
      'Pay by card, through our payment provider, or in crypto: ETH, BTC, BCH, USDC or DAI.',
    ],
    note: 'Crypto payments work on mainnet only. Funds sent on any other network are lost.',
  },
  {
    id: 'withdraw-funds',
    icon: 'card',
    title: 'Withdraw funds',
    intro: 'Take the withdrawable part of your balance out by wire transfer or to a USDC wallet.',
    steps: [
      'Set up your bank account (for wire transfers, the routing number is the 9-digit wire number) or your wallet address.',
      'Ask for a withdrawal. Our compliance team reviews it, which can take up to two weeks.',
    ],
    note: 'Wire withdrawals cost $25.00 per request, and the fee may apply even if the withdrawal is rejected.',
  },
];
