import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZAttendanceRewards } from '@cypher/contract';
import { apiRequest } from '../../../api/client.ts';
import { queryKeys } from '../../../api/query-keys.ts';

/**
 * The one time zone whose midnight starts everyone's attendance day (ATTENDANCE_TIME_ZONE), and today's date there.
 * The console's calendars carry it too, but a console with no calendar yet must still say it: `GET
 * /v2/attendance/rewards` answers it to anyone.
 */
async function getAttendanceTimeZone(signal?: AbortSignal): Promise<{ timeZone: string; today: string }> {
  const rewards = ZAttendanceRewards.parse(await apiRequest('GET', '/v2/attendance/rewards', { signal }));
  return { timeZone: rewards.timeZone, today: rewards.today };
}

function attendanceTimeZoneQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.console.attendanceTimeZone(),
    queryFn: ({ signal }) => getAttendanceTimeZone(signal),
    // The zone changes only with a restart; today's date, once a day.
    staleTime: 60_000,
  });
}

export function useAttendanceTimeZone() {
  return useQuery(attendanceTimeZoneQueryOptions());
}
