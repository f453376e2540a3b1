import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZAttendanceCheckIn, type TAttendanceCheckIn } from '@cypher/contract';
import { apiRequest } from '../../../api/client.ts';
import { queryKeys } from '../../../api/query-keys.ts';

/**
 * `POST /v1/attendance`: check in for today and receive its reward (and a streak bonus when one is due). It grants
 * something worth money, so it carries an `Idempotency-Key`: a retry of a check-in whose answer was lost sends the same
 * key and gets the first answer back. The API grants one check-in a day whatever happens (ATTENDANCE_ALREADY_CHECKED_IN).
 */
async function checkIn(idempotencyKey: string): Promise<TAttendanceCheckIn> {
  return ZAttendanceCheckIn.parse(
    await apiRequest('POST', '/attendance', { auth: true, headers: { 'Idempotency-Key': idempotencyKey } }),
  );
}

export function useCheckIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ idempotencyKey }: { idempotencyKey: string }) => checkIn(idempotencyKey),
    // Whatever the answer, today's state may have moved; a reward lands in the balance, the tickets, the passes or the
    // collection, and a notification tells of it.
    onSettled: async () => {
      await Promise.all(
        [
          queryKeys.attendance.all,
          queryKeys.balances.all,
          queryKeys.tickets.all,
          queryKeys.passes.all,
          queryKeys.editions.all,
          queryKeys.collections.all,
          // A day's reward may be a pack (decision record 36): my packs, and the drop's count of packs given.
          queryKeys.packs.all,
          queryKeys.drops.all,
          queryKeys.notifications.all,
        ].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
      );
    },
  });
}
