import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ZConsoleAttendanceCalendar, ZPage, type TConsoleAttendanceCalendar, type TPage } from '@cypher/contract';
import { apiRequest } from '../../../api/client.ts';
import { queryKeys } from '../../../api/query-keys.ts';

type TCalendarsParams = { page?: number; size?: number; coveringFrom?: string; coveringTo?: string };

/**
 * `GET /v1/console/attendance-calendars?page&size` (admins): reward calendars, latest period first; with
 * `coveringFrom`/`coveringTo`, only those covering a day of that period.
 */
export async function listConsoleAttendanceCalendars(
  params: TCalendarsParams,
  signal?: AbortSignal,
): Promise<TPage<TConsoleAttendanceCalendar>> {
  const answer = await apiRequest('GET', '/console/attendance-calendars', { query: params, auth: true, signal });
  return ZPage(ZConsoleAttendanceCalendar).parse(answer);
}

function consoleAttendanceCalendarsQueryOptions(params: TCalendarsParams) {
  return queryOptions({
    queryKey: queryKeys.console.list('attendance-calendars', params),
    queryFn: ({ signal }) => listConsoleAttendanceCalendars(params, signal),
    placeholderData: keepPreviousData,
  });
}

export function useConsoleAttendanceCalendars(params: TCalendarsParams) {
  return useQuery(consoleAttendanceCalendarsQueryOptions(params));
}
