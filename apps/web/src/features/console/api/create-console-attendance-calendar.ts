import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  ZConsoleAttendanceCalendar,
  type TAttendanceCalendarRequest,
  type TConsoleAttendanceCalendar,
} from '@cypher/contract';
import { apiRequest } from '../../../api/client.ts';
import { invalidateAfterAttendanceChange } from './invalidate-after-attendance-change.ts';

/** `POST /v1/console/attendance-calendars` (admins): a period of days, each day's reward and the streak bonuses. */
async function createConsoleAttendanceCalendar(body: TAttendanceCalendarRequest): Promise<TConsoleAttendanceCalendar> {
  return ZConsoleAttendanceCalendar.parse(
    await apiRequest('POST', '/console/attendance-calendars', { body, auth: true }),
  );
}

export function useCreateConsoleAttendanceCalendar() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createConsoleAttendanceCalendar,
    onSuccess: (saved) => invalidateAfterAttendanceChange(queryClient, { saved }),
  });
}
