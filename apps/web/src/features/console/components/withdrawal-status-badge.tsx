import type { TWithdrawalStatus } from '@cypher/contract';
import { Badge } from '../../../ui/badge.tsx';
import { withdrawalStatusLabels } from './withdrawal-labels.ts';

export function WithdrawalStatusBadge({ status }: { status: TWithdrawalStatus }) {
  const { label, tone } = withdrawalStatusLabels[status];
  return <Badge tone={tone}>{label}</Badge>;
}
