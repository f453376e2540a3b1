import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  ZConsoleAttendanceCalendar,
  type TAttendanceCalendarRequest,
  type TConsoleAttendanceCalendar,
} from '@cypher/contract';
import { apiRequest } from '../../../api/client.ts';
import { invalidateAfterAttendanceChange } from './invalidate-after-attendance-change.ts';

/**
 * `PUT /v1/console/attendance-calendars/:id` (admins): the whole calendar replaced. Days people checked in on must stay
 * in it (ATTENDANCE_CALENDAR_IN_USE).
 */
async function updateConsoleAttendanceCalendar(
  id: string,
  body: TAttendanceCalendarRequest,
): Promise<TConsoleAttendanceCalendar> {
  return ZConsoleAttendanceCalendar.parse(
    await apiRequest('PUT', `/console/attendance-calendars/${encodeURIComponent(id)}`, { body, auth: true }),
  );
}

export function useUpdateConsoleAttendanceCalendar(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TAttendanceCalendarRequest) => updateConsoleAttendanceCalendar(id, body),
    onSuccess: (saved) => invalidateAfterAttendanceChange(queryClient, { saved }),
  });
}
