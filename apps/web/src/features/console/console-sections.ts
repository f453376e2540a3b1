import type { TConsoleMe } from '@cypher/contract';
import type { IconName } from '../../ui/icon.tsx';
import type { TConsoleResource } from './api/console-resources.ts';

export type TConsoleSectionId =
  | TConsoleResource
  | 'drops'
  | 'fusions'
  | 'attendance-calendars'
  | 'redeem-batches'
  | 'airdrops'
  | 'withdrawals'
  | 'payment-reviews'
  | 'ledger'
  | 'audit-log'
  | 'operators';

export interface ConsoleSection {
  id: TConsoleSectionId;
  label: string;
  /** One entry, as in "New brand". */
  singular: string;
  icon: IconName;
  description: string;
  /** Hidden from brand managers (the API refuses them anyway). */
  isAdminOnly: boolean;
  /** Who may create and change entries here: admins only for brands, categories and tags. */
  canEdit: (me: TConsoleMe) => boolean;
  canCreate: (me: TConsoleMe) => boolean;
}

const everyone = () => true;
const admins = (me: TConsoleMe) => me.isAdmin;

const consoleSections: ConsoleSection[] = [
  {
    id: 'brands',
    label: 'Brands',
    singular: 'brand',
    icon: 'layers',
    description: 'Brand pages: name, type, logo, banner and story.',
    isAdminOnly: false,
    canEdit: everyone,
    canCreate: admins,
  },
  {
    id: 'licenses',
    label: 'Licenses',
    singular: 'license',
    icon: 'shield',
    description: 'The rights a brand collects under.',
    isAdminOnly: false,
    canEdit: everyone,
    canCreate: everyone,
  },
  {
    id: 'collections',
    label: 'Collections',
    singular: 'collection',
    icon: 'frame',
    description: 'Groups of products within a brand.',
    isAdminOnly: false,
    canEdit: everyone,
    canCreate: everyone,
  },
  {
    id: 'products',
    label: 'Products',
    singular: 'product',
    icon: 'sparkle',
    description: 'Collectibles with their artwork, rarity, properties and tags.',
    isAdminOnly: false,
    canEdit: everyone,
    canCreate: everyone,
  },
  {
    id: 'figure-bases',
    label: 'Figure bases',
    singular: 'figure base',
    icon: 'pedestal',
    description: 'Display bases for a collection, with named slots that collectors fill with their editions.',
    isAdminOnly: false,
    // The API checks that the operator manages the collection's brand.
    canEdit: everyone,
    canCreate: everyone,
  },
  {
    id: 'ticket-kinds',
    label: 'Tickets',
    singular: 'ticket kind',
    icon: 'ticket',
    description:
      'Kinds of tickets that enter raffle rounds: artwork, price, per-order limit; grant tickets to a person.',
    isAdminOnly: false,
    // A brand manager makes and grants their brands' kinds; the marketplace's own kinds (no brand) are the admins'.
    canEdit: everyone,
    canCreate: everyone,
  },
  {
    id: 'drops',
    label: 'Drops',
    singular: 'drop',
    icon: 'package',
    description: 'Sales of packs: times, rounds with prices and whitelists, contents and odds, live counts.',
    isAdminOnly: false,
    canEdit: everyone,
    canCreate: everyone,
  },
  {
    id: 'passes',
    label: 'Passes',
    singular: 'pass',
    icon: 'key',
    description: 'Passes that open sale rounds to their holders: benefits, supply, price, sale window and validity.',
    isAdminOnly: false,
    // The API checks that the operator manages the pass's brand.
    canEdit: everyone,
    canCreate: everyone,
  },
  {
    id: 'fusions',
    label: 'Fusions',
    singular: 'fusion',
    icon: 'flame',
    description:
      'Fusions that burn editions into a new one: the result and its supply, slots and their rules, schedule.',
    isAdminOnly: false,
    // The API checks that the operator manages the fusion's brand.
    canEdit: everyone,
    canCreate: everyone,
  },
  {
    id: 'redeem-batches',
    label: 'Redeem codes',
    singular: 'batch of codes',
    icon: 'gift',
    description:
      'Batches of codes that give credit, tickets, a pass, an edition or a pack: uses, validity, CSV export.',
    isAdminOnly: false,
    // A brand manager's codes give their brands' things; credit and the marketplace's tickets are the admins'.
    canEdit: everyone,
    canCreate: everyone,
  },
  {
    id: 'airdrops',
    label: 'Airdrops',
    singular: 'airdrop',
    icon: 'send',
    description: 'Give something to a list of people or to a pass’s holders, once each, and follow the delivery.',
    isAdminOnly: false,
    canEdit: everyone,
    canCreate: everyone,
  },
  {
    id: 'attendance-calendars',
    label: 'Attendance',
    singular: 'calendar',
    icon: 'calendar',
    description: 'Reward calendars for the daily check-in: a reward per day, days of their own, streak bonuses.',
    isAdminOnly: true,
    canEdit: admins,
    canCreate: admins,
  },
  {
    id: 'categories',
    label: 'Categories',
    singular: 'category',
    icon: 'list',
    description: 'How products are filed. Only admins change them.',
    isAdminOnly: false,
    canEdit: admins,
    canCreate: admins,
  },
  {
    id: 'tags',
    label: 'Tags',
    singular: 'tag',
    icon: 'tag',
    description: 'Labels that cut across brands. Only admins change them.',
    isAdminOnly: false,
    canEdit: admins,
    canCreate: admins,
  },
  {
    id: 'banners',
    label: 'Banners',
    singular: 'banner',
    icon: 'image',
    description: 'The home page carousel, with optional start and end times.',
    isAdminOnly: true,
    canEdit: admins,
    canCreate: admins,
  },
  {
    id: 'withdrawals',
    label: 'Withdrawals',
    singular: 'withdrawal',
    icon: 'wallet',
    description: 'Requests to take money out: review, approve or reject, then mark paid.',
    isAdminOnly: true,
    canEdit: admins,
    canCreate: () => false,
  },
  {
    id: 'payment-reviews',
    label: 'Payments for review',
    singular: 'payment',
    icon: 'alert',
    description:
      'Money a provider received that no deposit could take: refund it in the provider’s dashboard and record what you did.',
    isAdminOnly: true,
    canEdit: admins,
    canCreate: () => false,
  },
  {
    id: 'ledger',
    label: 'Ledger',
    singular: 'movement',
    icon: 'book',
    description:
      'The house’s accounts in USD and CYP, the check that the ledger balances, and every movement of money.',
    isAdminOnly: true,
    canEdit: () => false,
    canCreate: () => false,
  },
  {
    id: 'audit-log',
    label: 'Audit log',
    singular: 'entry',
    icon: 'clock',
    description: 'Every change: who, what, when, before and after.',
    isAdminOnly: true,
    canEdit: () => false,
    canCreate: () => false,
  },
  {
    id: 'operators',
    label: 'Operators',
    singular: 'operator',
    icon: 'users',
    description: 'Who runs the console: admins and brand managers.',
    isAdminOnly: true,
    canEdit: admins,
    canCreate: admins,
  },
];

export function sectionById(id: string | undefined): ConsoleSection | undefined {
  return consoleSections.find((section) => section.id === id);
}

/** The sections this operator sees: brand managers do not see the admin-only ones. */
export function visibleSections(me: TConsoleMe): ConsoleSection[] {
  return consoleSections.filter((section) => me.isAdmin || !section.isAdminOnly);
}

/** "Admin", or "Brand manager · Neon Arcade, Aria Vale". */
export function roleSummary(me: TConsoleMe): string {
  if (me.isAdmin) return 'Admin';
  const brands = me.brands.map((brand) => brand.name).join(', ');
  return brands ? `Brand manager · ${brands}` : 'Brand manager';
}
