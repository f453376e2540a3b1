import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ZAttendanceCheckIn, ZPage, type TAttendanceCheckIn, type TPage } from '@cypher/contract';
import { apiRequest } from '../../../api/client.ts';
import { queryKeys } from '../../../api/query-keys.ts';

const ZCheckInPage = ZPage(ZAttendanceCheckIn);
export const CHECK_INS_PAGE_SIZE = 10;

/** `GET /v1/attendance?page&size`: my check-ins, newest first, each with what it gave (the rewards earned). */
async function listMyCheckIns(page: number, signal?: AbortSignal): Promise<TPage<TAttendanceCheckIn>> {
  return ZCheckInPage.parse(
    await apiRequest('GET', '/attendance', { auth: true, signal, query: { page, size: CHECK_INS_PAGE_SIZE } }),
  );
}

function myCheckInsQueryOptions(page: number) {
  return queryOptions({
    queryKey: queryKeys.attendance.list({ page, size: CHECK_INS_PAGE_SIZE }),
    queryFn: ({ signal }) => listMyCheckIns(page, signal),
    placeholderData: keepPreviousData,
  });
}

/** Like the calendar, held back until the attendance-today call has settled (see get-attendance-rewards.ts). */
export function useMyCheckIns(page: number, { isEnabled }: { isEnabled: boolean }) {
  return useQuery({ ...myCheckInsQueryOptions(page), enabled: isEnabled });
}
