import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  ZConsoleAttendanceCalendar,
  type TAttendanceCalendarRequest,
  type TConsoleAttendanceCalendar,
} from '@cypher/contract';
import { apiRequest } from '../../../api/client.ts';
import { ifMatchHeaders } from './if-match.ts';
import { invalidateAfterAttendanceChange } from './invalidate-after-attendance-change.ts';

/**
 * `PUT /v1/console/attendance-calendars/:id` (admins): the whole calendar replaced. Days people checked in on must stay
 * in it (ATTENDANCE_CALENDAR_IN_USE). Made from the calendar's `version`: ENTRY_CHANGED once someone has changed it.
 */
async function updateConsoleAttendanceCalendar(
  id: string,
  version: string | undefined,
  body: TAttendanceCalendarRequest,
): Promise<TConsoleAttendanceCalendar> {
  const headers = ifMatchHeaders(version);
  return ZConsoleAttendanceCalendar.parse(
    await apiRequest('PUT', `/console/attendance-calendars/${encodeURIComponent(id)}`, { body, auth: true, headers }),
  );
}

export function useUpdateConsoleAttendanceCalendar(id: string, version: string | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TAttendanceCalendarRequest) => updateConsoleAttendanceCalendar(id, version, body),
    onSuccess: (saved) => invalidateAfterAttendanceChange(queryClient, { saved }),
  });
}
