import type { TDropPublicationStatus, TDropStatus } from '@cypher/contract';
import { Badge, type BadgeTone } from '../../../ui/badge.tsx';

/** Where a published drop stands by the clock (spec section 4's status), in the console's words. */
const saleStatus: Record<TDropStatus, { label: string; tone: BadgeTone }> = {
  NONE: { label: 'Scheduled', tone: 'neutral' },
  NEXT: { label: 'Upcoming', tone: 'accent' },
  AVAILABLE: { label: 'Live', tone: 'success' },
  COMPLETED: { label: 'Ended', tone: 'neutral' },
};

/**
 * A published drop's status by time; a draft, or a drop whose packs are still being written, is on no one's clock
 * yet (the public sees neither), so it says so.
 */
export function DropStatusBadge({
  drop,
}: {
  drop: { publicationStatus: TDropPublicationStatus; status: TDropStatus };
}) {
  if (drop.publicationStatus !== 'PUBLISHED') return <Badge>Not on sale</Badge>;
  const { label, tone } = saleStatus[drop.status];
  return <Badge tone={tone}>{label}</Badge>;
}
