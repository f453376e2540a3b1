import type { TConsoleFusion } from '@cypher/contract';
import { formatCount, formatDateTimeWithZone } from '../../../lib/format.ts';
import { useCloseConsoleFusion } from '../api/close-console-fusion.ts';
import { ConfirmedAction } from './confirmed-action.tsx';

/**
 * Close an open fusion now, behind a confirmation: it ends at once for every collector, for good, before the end it was
 * set to; the results not made stay unmade.
 */
export function CloseFusionAction({ fusion }: { fusion: TConsoleFusion }) {
  const close = useCloseConsoleFusion(fusion.id);
  return (
    <ConfirmedAction
      label="Close now"
      variant="danger"
      title={`Close ${fusion.name} now?`}
      description={`It ends at once instead of ${formatDateTimeWithZone(fusion.endAt)}: collectors see it ended and can no longer fuse. This cannot be undone.`}
      action={close}
      doneToast={(closed) => ({
        title: `${closed.name} is closed`,
        description: `${formatCount(closed.madeCount)} of ${formatCount(closed.result.supply)} results were made.`,
      })}
    />
  );
}
