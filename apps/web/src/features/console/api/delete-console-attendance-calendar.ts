import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../api/client.ts';
import { invalidateAfterAttendanceChange } from './invalidate-after-attendance-change.ts';

/** `DELETE /v1/console/attendance-calendars/:id` (admins): only before it begins (ATTENDANCE_CALENDAR_STARTED after). */
async function deleteConsoleAttendanceCalendar(id: string): Promise<void> {
  await apiRequest('DELETE', `/console/attendance-calendars/${encodeURIComponent(id)}`, { auth: true });
}

export function useDeleteConsoleAttendanceCalendar(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => deleteConsoleAttendanceCalendar(id),
    onSuccess: () => invalidateAfterAttendanceChange(queryClient, 'deleted'),
  });
}
