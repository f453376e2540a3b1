import type { TDropPublicationStatus, TPublicationStatus } from '@cypher/contract';
import { Badge } from '../../../ui/badge.tsx';

/** Draft, Published, or (drops only) Publishing while a drop's packs are being written. */
export function PublicationBadge({ status }: { status: TPublicationStatus | TDropPublicationStatus }) {
  if (status === 'PUBLISHED') return <Badge tone="success">Published</Badge>;
  if (status === 'PUBLISHING') return <Badge tone="accent">Publishing</Badge>;
  return <Badge tone="warning">Draft</Badge>;
}
