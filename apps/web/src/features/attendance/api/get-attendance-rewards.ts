import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZAttendanceRewards, type TAttendanceRewards } from '@cypher/contract';
import { apiRequest } from '../../../api/client.ts';
import { queryKeys } from '../../../api/query-keys.ts';

/**
 * `GET /v2/attendance/rewards`: the current calendar with each day's reward and the streak bonuses, and the time zone
 * whose midnight starts a day. Public; sent with the session when there is one, and then each day carries my state
 * (checked in, today, missed, upcoming) and `me` my streak.
 */
async function getAttendanceRewards(isSignedIn: boolean, signal?: AbortSignal): Promise<TAttendanceRewards> {
  return ZAttendanceRewards.parse(await apiRequest('GET', '/v2/attendance/rewards', { auth: isSignedIn, signal }));
}

function attendanceRewardsQueryOptions(isSignedIn: boolean) {
  return queryOptions({
    queryKey: queryKeys.attendance.rewards(isSignedIn ? 'me' : 'visitor'),
    queryFn: ({ signal }) => getAttendanceRewards(isSignedIn, signal),
  });
}

/**
 * `isEnabled` holds a signed-in read back until the attendance-today call has settled: sent at the same time, its 401
 * would join the same refresh and, that refresh refused, send the person to sign-in, which the attendance page must
 * not do (spec section 4). Once today has answered, the session is fresh (or gone, and this reads as a visitor).
 */
export function useAttendanceRewards({ isSignedIn, isEnabled }: { isSignedIn: boolean; isEnabled: boolean }) {
  return useQuery({ ...attendanceRewardsQueryOptions(isSignedIn), enabled: isEnabled });
}
