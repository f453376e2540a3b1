import type { TPublicationStatus } from '@cypher/contract';
import { Badge } from '../../../ui/badge.tsx';

export function PublicationBadge({ status }: { status: TPublicationStatus }) {
  return status === 'PUBLISHED' ? <Badge tone="success">Published</Badge> : <Badge tone="warning">Draft</Badge>;
}
