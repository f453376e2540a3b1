import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZConsoleAttendanceCalendar, type TConsoleAttendanceCalendar } from '@cypher/contract';
import { apiRequest } from '../../../api/client.ts';
import { queryKeys } from '../../../api/query-keys.ts';

/** `GET /v1/console/attendance-calendars/:id` (admins): a calendar with every reward and how many checked in. */
async function getConsoleAttendanceCalendar(id: string, signal?: AbortSignal): Promise<TConsoleAttendanceCalendar> {
  return ZConsoleAttendanceCalendar.parse(
    await apiRequest('GET', `/console/attendance-calendars/${encodeURIComponent(id)}`, { auth: true, signal }),
  );
}

function consoleAttendanceCalendarQueryOptions(id: string) {
  return queryOptions({
    queryKey: queryKeys.console.detail('attendance-calendars', id),
    queryFn: ({ signal }) => getConsoleAttendanceCalendar(id, signal),
  });
}

export function useConsoleAttendanceCalendar(id: string) {
  // Read once: a check-in counted meanwhile must not reset a form being typed (the form is keyed on what it edits).
  return useQuery({ ...consoleAttendanceCalendarQueryOptions(id), refetchOnWindowFocus: false });
}
