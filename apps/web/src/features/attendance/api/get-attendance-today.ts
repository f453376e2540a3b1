import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZAttendanceTodayV2, type TAttendanceTodayV2 } from '@cypher/contract';
import { apiRequest } from '../../../api/client.ts';
import { queryKeys } from '../../../api/query-keys.ts';

/**
 * `GET /v2/attendance/today` (signed in): checked in today or not, the streak, today's reward and the check-in with what
 * it gave, when the next day begins, and the next streak bonus in reach. This is the attendance-today call of spec
 * section 4: when its session cannot be refreshed, the refresh queue only clears the stored session (api/refresh.ts)
 * and the page shows a sign-in prompt instead of going to sign-in.
 */
async function getAttendanceToday(signal?: AbortSignal): Promise<TAttendanceTodayV2> {
  return ZAttendanceTodayV2.parse(await apiRequest('GET', '/v2/attendance/today', { auth: true, signal }));
}

function attendanceTodayQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.attendance.today(),
    queryFn: ({ signal }) => getAttendanceToday(signal),
  });
}

/** Off for visitors: they have no today of their own. */
export function useAttendanceToday({ isEnabled }: { isEnabled: boolean }) {
  return useQuery({ ...attendanceTodayQueryOptions(), enabled: isEnabled });
}
