import { withdrawalStatusNames, type TWithdrawalStatus } from '@cypher/contract';
import { Badge } from '../../../ui/badge.tsx';
import { withdrawalStatusTones } from './withdrawal-labels.ts';

export function WithdrawalStatusBadge({ status }: { status: TWithdrawalStatus }) {
  return <Badge tone={withdrawalStatusTones[status]}>{withdrawalStatusNames[status]}</Badge>;
}
